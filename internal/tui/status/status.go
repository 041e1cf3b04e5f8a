// Package status is the one-line status bar: permission mode, what the
// agent is doing, a transient message, and key hints.
package status

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tui/styles"
)

// Level is the weight of a transient message.
type Level int

// Levels.
const (
	Info Level = iota
	Warn
	Error
)

// Hint is a key and what it does.
type Hint struct{ Key, Desc string }

// Model is the status bar.
type Model struct {
	theme    *styles.Theme
	mode     string
	activity string // "" when idle
	frame    int
	flash    string
	level    Level
	flashID  int
	hints    []Hint
}

// New returns a status bar in the default mode.
func New(t *styles.Theme) *Model { return &Model{theme: t, mode: "default"} }

// SetTheme applies colors.
func (m *Model) SetTheme(t *styles.Theme) { m.theme = t }

// SetMode shows the permission mode.
func (m *Model) SetMode(mode string) { m.mode = mode }

// Mode returns the shown permission mode.
func (m *Model) Mode() string { return m.mode }

// SetActivity shows what the agent does ("working", "summarizing"); ""
// means idle.
func (m *Model) SetActivity(a string) { m.activity = a }

// SetHints sets the key hints shown on the right.
func (m *Model) SetHints(h []Hint) { m.hints = h }

// Tick advances the spinner.
func (m *Model) Tick() { m.frame++ }

// Flash shows a transient message and returns its id for ClearFlash.
func (m *Model) Flash(level Level, text string) int {
	m.flashID++
	m.flash, m.level = text, level
	return m.flashID
}

// ClearFlash removes the message if it is still the one with this id.
func (m *Model) ClearFlash(id int) {
	if id == m.flashID {
		m.flash = ""
	}
}

// Render draws the bar at width.
func (m *Model) Render(width int) string {
	t := m.theme
	left := t.Mode(m.mode).Render(strings.ToUpper(m.mode))
	if m.activity != "" {
		left += " " + t.Info.Render(styles.Spinner(m.frame)) + " " + t.Muted.Render(m.activity+"…")
	}
	if m.flash != "" {
		st := t.Text
		switch m.level {
		case Warn:
			st = t.Warning
		case Error:
			st = t.Error
		}
		left += t.Faint.Render(" · ") + st.Render(m.flash)
	}
	right := m.hintText(width - ansi.StringWidth(left) - 2)
	gap := width - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return clip(left, width)
	}
	return left + strings.Repeat(" ", gap) + right
}

// hintText joins as many hints as fit in room cells.
func (m *Model) hintText(room int) string {
	var parts []string
	used := 0
	for _, h := range m.hints {
		s := m.theme.Key.Render(h.Key) + " " + m.theme.Muted.Render(h.Desc)
		w := lipgloss.Width(s) + 3
		if used+w > room {
			break
		}
		parts = append(parts, s)
		used += w
	}
	return strings.Join(parts, m.theme.Faint.Render(" · "))
}

func clip(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(w-1, 0), "…")
}
