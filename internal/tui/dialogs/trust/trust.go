// Package trust is the dialog shown when Hone opens a project whose own
// config would start programs or send data somewhere: it lists each part
// (the command line a server runs, the URL a provider or server
// contacts) and asks whether to trust the project or not now.
//
// As in the permission dialog, nothing is highlighted when it opens and
// keys are ignored for InputGuard, so typing ahead cannot trust anything.
package trust

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
)

// InputGuard is how long after opening the dialog ignores keys.
const InputGuard = 400 * time.Millisecond

// Part is one executable part of the project's config.
type Part struct {
	// Path is where it is in the config (mcp.files).
	Path string
	// Summary says what it would do (the command it runs, the URL).
	Summary string
}

// Request is what the dialog asks about.
type Request struct {
	// Dir is the project directory, File its config file.
	Dir, File string
	Parts     []Part
}

// Answer is the user's decision.
type Answer int

// Answers; None means the dialog stays open.
const (
	None Answer = iota
	Trust
	NotNow
	Quit
)

// KeyMap holds the dialog's keys.
type KeyMap struct {
	Trust, NotNow, Next, Prev, Confirm, Quit key.Binding
}

// DefaultKeyMap returns the dialog's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Trust:   key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "trust")),
		NotNow:  key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "not now")),
		Next:    key.NewBinding(key.WithKeys("tab", "right", "down", "l", "j"), key.WithHelp("tab", "next choice")),
		Prev:    key.NewBinding(key.WithKeys("shift+tab", "left", "up", "h", "k"), key.WithHelp("shift+tab", "previous choice")),
		Confirm: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm highlighted")),
		Quit:    key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// Model is the trust dialog.
type Model struct {
	theme    *styles.Theme
	req      Request
	openedAt time.Time
	sel      int // highlighted choice: -1 none, 0 trust, 1 not now
	keys     KeyMap
}

// New opens the dialog for req at time now.
func New(t *styles.Theme, req Request, now time.Time) *Model {
	return &Model{theme: t, req: req, openedAt: now, sel: -1, keys: DefaultKeyMap()}
}

// SetTheme changes the colors.
func (m *Model) SetTheme(t *styles.Theme) { m.theme = t }

// HandleKey handles a key pressed at time now and returns the answer,
// None while the user has not decided. Ctrl+C quits at any time.
func (m *Model) HandleKey(msg tea.KeyPressMsg, now time.Time) Answer {
	if key.Matches(msg, m.keys.Quit) {
		return Quit
	}
	if now.Sub(m.openedAt) < InputGuard {
		return None
	}
	switch {
	case key.Matches(msg, m.keys.Trust):
		return Trust
	case key.Matches(msg, m.keys.NotNow):
		return NotNow
	case key.Matches(msg, m.keys.Next), key.Matches(msg, m.keys.Prev):
		m.sel = 1 - max(m.sel, 0)
	case key.Matches(msg, m.keys.Confirm) && m.sel == 0:
		return Trust
	case key.Matches(msg, m.keys.Confirm) && m.sel == 1:
		return NotNow
	}
	return None
}
