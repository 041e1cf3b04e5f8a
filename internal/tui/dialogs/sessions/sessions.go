// Package sessions is the session picker: fuzzy search over the project's
// sessions, Enter opens one, Ctrl+R renames it and Ctrl+D deletes it after
// a confirmation.
package sessions

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/styles"
)

// Action is what the user chose.
type Action interface{ isAction() }

// Open switches to the session.
type Open struct{ ID string }

// Rename sets the session's title.
type Rename struct{ ID, Title string }

// Delete removes the session (already confirmed).
type Delete struct{ ID string }

// Close dismisses the dialog.
type Close struct{}

func (Open) isAction()   {}
func (Rename) isAction() {}
func (Delete) isAction() {}
func (Close) isAction()  {}

type mode int

const (
	browsing mode = iota
	renaming
	confirmingDelete
)

// KeyMap holds the picker's keys.
type KeyMap struct {
	Open, Rename, Delete, Close, Yes key.Binding
}

// DefaultKeyMap returns the picker's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Open:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Rename: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "rename")),
		Delete: key.NewBinding(key.WithKeys("ctrl+d", "delete"), key.WithHelp("ctrl+d", "delete")),
		Close:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		Yes:    key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
	}
}

// Model is the session picker.
type Model struct {
	theme   *styles.Theme
	keys    KeyMap
	list    *dialogs.List
	byID    map[string]session.Session
	mode    mode
	input   textinput.Model
	target  session.Session
	current string
	now     int64 // unix ms, for "3m ago"
}

// New opens the picker on sessions (newest first); current is the open
// session's id and nowMS the time in unix milliseconds.
func New(t *styles.Theme, list []session.Session, current string, nowMS int64) *Model {
	m := &Model{theme: t, keys: DefaultKeyMap(), current: current, now: nowMS}
	m.list = dialogs.NewList(t, nil, "search sessions")
	m.SetSessions(list)
	return m
}

// SetSessions refreshes the list (after a rename or delete).
func (m *Model) SetSessions(list []session.Session) {
	m.byID = make(map[string]session.Session, len(list))
	items := make([]dialogs.Item, len(list))
	for i, s := range list {
		m.byID[s.ID] = s
		items[i] = dialogs.Item{Title: title(s), Detail: detail(s, m.now), Value: s.ID, Current: s.ID == m.current}
	}
	m.list.SetItems(items)
}

// HandleKey handles a key and returns the user's choice, if any.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	switch m.mode {
	case renaming:
		return m.handleRename(msg)
	case confirmingDelete:
		m.mode = browsing
		if key.Matches(msg, m.keys.Yes) {
			return Delete{ID: m.target.ID}, nil
		}
		return nil, nil
	}
	it, ok := m.list.Selected()
	switch {
	case key.Matches(msg, m.keys.Close):
		return Close{}, nil
	case key.Matches(msg, m.keys.Open) && ok:
		return Open{ID: it.Value}, nil
	case key.Matches(msg, m.keys.Rename) && ok:
		m.mode, m.target = renaming, m.byID[it.Value]
		m.input = dialogs.NewInput(m.theme, "new title")
		m.input.SetValue(m.target.Title)
		return nil, nil
	case key.Matches(msg, m.keys.Delete) && ok:
		m.mode, m.target = confirmingDelete, m.byID[it.Value]
		return nil, nil
	}
	return nil, m.list.HandleKey(msg)
}

func (m *Model) handleRename(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Close):
		m.mode = browsing
		return nil, nil
	case key.Matches(msg, m.keys.Open):
		m.mode = browsing
		if m.input.Value() == "" {
			return nil, nil
		}
		return Rename{ID: m.target.ID, Title: m.input.Value()}, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return nil, cmd
}
