// Package models is the model picker: the models of every usable provider
// for the large role (turns) and the small role (titles, summaries); Tab
// switches the role and Enter makes the highlighted model its first
// candidate.
package models

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/styles"
)

// Roles in the order Tab visits them.
const (
	Large = "large"
	Small = "small"
)

// Choice is one model offered.
type Choice struct {
	Ref    string // "provider/model"
	Detail string // context window, price …
}

// Action is what the user chose.
type Action interface{ isAction() }

// Select makes Ref the model of Role.
type Select struct{ Role, Ref string }

// Close dismisses the dialog.
type Close struct{}

func (Select) isAction() {}
func (Close) isAction()  {}

// KeyMap holds the picker's keys.
type KeyMap struct{ Select, Switch, Close key.Binding }

// DefaultKeyMap returns the picker's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Select: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "use model")),
		Switch: key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "large/small")),
		Close:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
	}
}

// Model is the model picker.
type Model struct {
	theme *styles.Theme
	keys  KeyMap
	role  int // 0 large, 1 small
	lists [2]*dialogs.List
}

// New opens the picker with the current large and small refs marked.
func New(t *styles.Theme, choices []Choice, large, small string) *Model {
	m := &Model{theme: t, keys: DefaultKeyMap()}
	for i, cur := range []string{large, small} {
		items := make([]dialogs.Item, len(choices))
		for j, c := range choices {
			items[j] = dialogs.Item{Title: c.Ref, Detail: c.Detail, Value: c.Ref, Current: c.Ref == cur}
		}
		m.lists[i] = dialogs.NewList(t, items, "search models")
		m.lists[i].SelectValue(cur)
	}
	return m
}

// Role is the role being chosen for.
func (m *Model) Role() string {
	if m.role == 1 {
		return Small
	}
	return Large
}

// HandleKey handles a key and returns the user's choice, if any.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Close):
		return Close{}, nil
	case key.Matches(msg, m.keys.Switch):
		m.role = 1 - m.role
		return nil, nil
	case key.Matches(msg, m.keys.Select):
		if it, ok := m.lists[m.role].Selected(); ok {
			return Select{Role: m.Role(), Ref: it.Value}, nil
		}
		return nil, nil
	}
	return nil, m.lists[m.role].HandleKey(msg)
}

// View renders the picker to fit width × height cells.
func (m *Model) View(width, height int) string {
	t := m.theme
	w := dialogs.Width(width, 90)
	tabs := ""
	for i, name := range []string{"Large", "Small"} {
		if i == m.role {
			tabs += t.Selected.Render(" "+name+" ") + " "
		} else {
			tabs += t.Muted.Render(" "+name+" ") + " "
		}
	}
	use := "used for turns"
	if m.role == 1 {
		use = "used for titles and summaries"
	}
	body := tabs + "\n" + t.Faint.Render(use) + "\n\n" + m.lists[m.role].View(dialogs.InnerWidth(w), max(height-14, 3))
	return dialogs.Frame(t, "Models", body, "enter use · tab large/small · esc close", w)
}
