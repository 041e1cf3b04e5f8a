// Package queue lists the prompts waiting for the running turn, above the
// editor. With focus, Up/Down select one and Delete (or x) removes it.
package queue

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tui/styles"
)

// MaxShown is how many queued prompts are listed; more are counted.
const MaxShown = 4

// Item is one queued prompt.
type Item struct {
	ID   string // the queued message id
	Text string
}

// Remove asks to drop a queued prompt.
type Remove struct{ ID string }

// KeyMap holds the queue's keys while focused.
type KeyMap struct{ Prev, Next, Remove key.Binding }

// DefaultKeyMap returns the queue's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Prev:   key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑", "previous queued")),
		Next:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓", "next queued")),
		Remove: key.NewBinding(key.WithKeys("delete", "backspace", "x", "d"), key.WithHelp("del/x", "remove queued prompt")),
	}
}

// Model is the queue list.
type Model struct {
	theme   *styles.Theme
	keys    KeyMap
	items   []Item
	sel     int
	focused bool
	// gone holds the ids of prompts that left the queue; a later list
	// that still has one is stale.
	gone map[string]bool
}

// New returns an empty queue.
func New(t *styles.Theme) *Model {
	return &Model{theme: t, keys: DefaultKeyMap(), gone: make(map[string]bool)}
}

// SetTheme applies colors.
func (m *Model) SetTheme(t *styles.Theme) { m.theme = t }

// SetItems replaces the queued prompts, leaving out those dropped.
func (m *Model) SetItems(items []Item) {
	m.items = slices.DeleteFunc(slices.Clone(items), func(it Item) bool { return m.gone[it.ID] })
	m.sel = min(m.sel, max(len(m.items)-1, 0))
	if len(m.items) == 0 {
		m.focused = false
	}
}

// Drop removes prompt id for good: it left the queue (folded into a turn
// or deleted), so a list that still has it, arriving late, is stale.
// Message ids are never reused, so this holds across sessions.
func (m *Model) Drop(id string) {
	m.gone[id] = true
	m.SetItems(m.items)
}

// Items returns the queued prompts.
func (m *Model) Items() []Item { return m.items }

// Len is the number of queued prompts.
func (m *Model) Len() int { return len(m.items) }

// Focus selects the newest prompt and takes the keyboard.
func (m *Model) Focus() {
	m.focused = len(m.items) > 0
	m.sel = max(len(m.items)-1, 0)
}

// Blur gives the keyboard back.
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the queue has the keyboard.
func (m *Model) Focused() bool { return m.focused }

// HandleKey handles a key while focused; it returns a removal request when
// the user removes the selected prompt.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (*Remove, bool) {
	switch {
	case key.Matches(msg, m.keys.Prev):
		m.sel = max(m.sel-1, 0)
	case key.Matches(msg, m.keys.Next):
		m.sel = min(m.sel+1, max(len(m.items)-1, 0))
	case key.Matches(msg, m.keys.Remove) && len(m.items) > 0:
		return &Remove{ID: m.items[m.sel].ID}, true
	default:
		return nil, false
	}
	return nil, true
}

// Height is the number of lines View returns (0 when empty).
func (m *Model) Height() int {
	if len(m.items) == 0 {
		return 0
	}
	return 1 + min(len(m.items), MaxShown) + boolInt(len(m.items) > MaxShown)
}

// View renders the list at width.
func (m *Model) View(width int) string {
	if len(m.items) == 0 {
		return ""
	}
	t := m.theme
	head := fmt.Sprintf("Queued (%d)", len(m.items))
	if m.focused {
		head += " · ↑/↓ select · del removes · tab leaves"
	} else {
		head += " · sent when the turn can take them · esc clears"
	}
	lines := []string{clip(t.Muted.Render(head), width)}
	start := max(0, min(m.sel-MaxShown+1, len(m.items)-MaxShown))
	for i := start; i < len(m.items) && i < start+MaxShown; i++ {
		text := strings.Join(strings.Fields(m.items[i].Text), " ")
		if m.focused && i == m.sel {
			lines = append(lines, clip(t.Selected.Render(fmt.Sprintf("› %d. %s", i+1, text)), width))
		} else {
			lines = append(lines, clip(t.Text.Render(fmt.Sprintf("  %d. %s", i+1, text)), width))
		}
	}
	if len(m.items) > MaxShown {
		lines = append(lines, t.Faint.Render(fmt.Sprintf("  … %d more not shown", len(m.items)-MaxShown)))
	}
	return strings.Join(lines, "\n")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func clip(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(w-1, 0), "…")
}
