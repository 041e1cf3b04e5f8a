// Package help is the key reference dialog: the bindings of every
// component, grouped, laid out in as many columns as fit.
package help

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/styles"
)

// Group is a titled set of bindings.
type Group struct {
	Title    string
	Bindings []key.Binding
}

// Model is the help dialog: arrows and page keys scroll, any other key
// closes it.
type Model struct {
	theme  *styles.Theme
	groups []Group
	offset int
	lines  int // lines of the last render, to bound scrolling
}

// HandleKey scrolls or reports that the dialog should close.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (closed bool) {
	switch msg.String() {
	case "up", "k":
		m.offset = max(m.offset-1, 0)
	case "down", "j":
		m.offset = min(m.offset+1, max(m.lines-1, 0))
	case "pgup":
		m.offset = max(m.offset-10, 0)
	case "pgdown", "space":
		m.offset = min(m.offset+10, max(m.lines-1, 0))
	default:
		return true
	}
	return false
}

// New returns the dialog for groups.
func New(t *styles.Theme, groups []Group) *Model { return &Model{theme: t, groups: groups} }

// View renders the dialog to fit width × height cells.
func (m *Model) View(width, height int) string {
	w := dialogs.Width(width, 120)
	inner := dialogs.InnerWidth(w)
	cols := make([]string, 0, len(m.groups))
	colW := 0
	for _, g := range m.groups {
		c := m.group(g)
		cols = append(cols, c)
		colW = max(colW, lipgloss.Width(c))
	}
	perRow := max(inner/(colW+3), 1)
	var rows []string
	for i := 0; i < len(cols); i += perRow {
		end := min(i+perRow, len(cols))
		padded := make([]string, 0, end-i)
		for _, c := range cols[i:end] {
			padded = append(padded, lipgloss.NewStyle().Width(colW+3).Render(c))
		}
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, padded...))
	}
	lines := strings.Split(strings.Join(rows, "\n\n"), "\n")
	hint := "any key closes"
	if limit := max(height-8, 4); len(lines) > limit {
		m.lines = len(lines) - limit + 1 // remembered to bound HandleKey
		off := min(m.offset, m.lines-1)
		lines = lines[off : off+limit]
		hint = "↑/↓ scroll · any other key closes"
	}
	for i, ln := range lines {
		lines[i] = dialogs.Clip(ln, inner)
	}
	return dialogs.Frame(m.theme, "Keys", strings.Join(lines, "\n"), hint, w)
}

func (m *Model) group(g Group) string {
	t := m.theme
	keyW := 0
	for _, b := range g.Bindings {
		keyW = max(keyW, lipgloss.Width(b.Help().Key))
	}
	lines := []string{t.Accent.Render(g.Title)}
	for _, b := range g.Bindings {
		h := b.Help()
		if h.Key == "" {
			continue
		}
		pad := strings.Repeat(" ", keyW-lipgloss.Width(h.Key))
		lines = append(lines, t.Key.Render(h.Key)+pad+"  "+t.Muted.Render(h.Desc))
	}
	return strings.Join(lines, "\n")
}
