// Package commands is the command palette: every action of the TUI by
// name, fuzzy-searchable, with its key shown beside it.
package commands

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/styles"
)

// Command is one palette entry.
type Command struct {
	ID    string
	Title string
	Key   string // shown beside the title ("ctrl+n")
	// Args names what the command takes after its name ("[focus]"):
	// typing "/ID text" and Enter runs it with Args "text".
	Args string
}

// Action is what the user chose.
type Action interface{ isAction() }

// Run runs the command with this id, with the text typed after its name
// ("/compact the parser" → ID "compact", Args "the parser").
type Run struct{ ID, Args string }

// Close dismisses the palette.
type Close struct{}

func (Run) isAction()   {}
func (Close) isAction() {}

// Model is the command palette.
type Model struct {
	theme         *styles.Theme
	list          *dialogs.List
	cmds          []Command
	enter, escape key.Binding
}

// New opens the palette on cmds.
func New(t *styles.Theme, cmds []Command) *Model {
	items := make([]dialogs.Item, len(cmds))
	for i, c := range cmds {
		title := c.Title
		if c.Args != "" {
			title += " " + c.Args
		}
		items[i] = dialogs.Item{Title: title, Detail: c.Key, Value: c.ID}
	}
	return &Model{
		theme:  t,
		cmds:   cmds,
		list:   dialogs.NewList(t, items, "type a command"),
		enter:  key.NewBinding(key.WithKeys("enter")),
		escape: key.NewBinding(key.WithKeys("esc")),
	}
}

// HandleKey handles a key and returns the user's choice, if any.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	switch {
	case key.Matches(msg, m.escape):
		return Close{}, nil
	case key.Matches(msg, m.enter):
		if run, ok := m.withArgs(); ok {
			return run, nil
		}
		if it, ok := m.list.Selected(); ok {
			return Run{ID: it.Value}, nil
		}
		return nil, nil
	}
	return nil, m.list.HandleKey(msg)
}

// withArgs reads a query of the form "/id args" (or "id args") naming a
// command that takes arguments.
func (m *Model) withArgs() (Run, bool) {
	name, args, found := strings.Cut(strings.TrimPrefix(strings.TrimSpace(m.list.Query()), "/"), " ")
	if !found {
		return Run{}, false
	}
	for _, c := range m.cmds {
		if c.Args != "" && c.ID == name {
			return Run{ID: c.ID, Args: strings.TrimSpace(args)}, true
		}
	}
	return Run{}, false
}

// View renders the palette to fit width × height cells.
func (m *Model) View(width, height int) string {
	w := dialogs.Width(width, 64)
	body := m.list.View(dialogs.InnerWidth(w), max(height-12, 3))
	return dialogs.Frame(m.theme, "Commands", body, "enter run · esc close", w)
}
