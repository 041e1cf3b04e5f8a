// Package completion is the @ file picker: while the word at the cursor
// starts with @, the project's files are fuzzy-matched against the rest of
// the word and shown in a popup above the editor; Tab or Enter picks one.
package completion

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/sahilm/fuzzy"

	"github.com/honecode/hone/internal/tui/styles"
)

// MaxRows is how many matches the popup lists.
const MaxRows = 8

// KeyMap holds the popup's keys.
type KeyMap struct{ Prev, Next, Accept, Close key.Binding }

// DefaultKeyMap returns the popup's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Prev:   key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "previous file")),
		Next:   key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "next file")),
		Accept: key.NewBinding(key.WithKeys("tab", "enter"), key.WithHelp("tab/enter", "attach file")),
		Close:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
	}
}

// Model is the file completion popup.
type Model struct {
	theme   *styles.Theme
	keys    KeyMap
	files   []string
	loaded  bool
	open    bool
	query   string
	matches []string
	sel     int
}

// New returns a closed popup without files.
func New(t *styles.Theme) *Model { return &Model{theme: t, keys: DefaultKeyMap()} }

// SetTheme applies colors.
func (m *Model) SetTheme(t *styles.Theme) { m.theme = t }

// SetFiles sets the candidate paths (relative to the working dir).
func (m *Model) SetFiles(files []string) {
	m.files, m.loaded = files, true
	m.refresh()
}

// Loaded reports whether SetFiles was called.
func (m *Model) Loaded() bool { return m.loaded }

// Open shows the popup for query, or updates its query.
func (m *Model) Open(query string) {
	if m.open && query == m.query {
		return
	}
	m.open, m.query = true, query
	m.refresh()
}

// Close hides the popup.
func (m *Model) Close() { m.open = false }

// IsOpen reports whether the popup shows.
func (m *Model) IsOpen() bool { return m.open }

func (m *Model) refresh() {
	m.sel = 0
	m.matches = m.matches[:0]
	if m.query == "" {
		m.matches = append(m.matches, m.files[:min(len(m.files), 50)]...)
		return
	}
	for i, r := range fuzzy.Find(m.query, m.files) {
		if i == 50 {
			break
		}
		m.matches = append(m.matches, r.Str)
	}
}

// HandleKey handles a key while open. It reports whether it used the key
// and, when the user picked a file, its path.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (picked string, handled bool) {
	switch {
	case key.Matches(msg, m.keys.Prev):
		m.sel = max(m.sel-1, 0)
	case key.Matches(msg, m.keys.Next):
		m.sel = min(m.sel+1, max(len(m.matches)-1, 0))
	case key.Matches(msg, m.keys.Accept):
		if len(m.matches) == 0 {
			m.open = false
			return "", msg.String() == "tab"
		}
		m.open = false
		return m.matches[m.sel], true
	case key.Matches(msg, m.keys.Close):
		m.open = false
	default:
		return "", false
	}
	return "", true
}

// View renders the popup at most width wide ("" when closed).
func (m *Model) View(width int) string {
	if !m.open {
		return ""
	}
	t := m.theme
	w := min(max(width-2, 20), 72)
	var lines []string
	switch {
	case !m.loaded:
		lines = append(lines, t.Muted.Render("listing files…"))
	case len(m.matches) == 0:
		lines = append(lines, t.Muted.Render("no file matches @"+m.query))
	}
	start := min(max(m.sel-MaxRows+1, 0), max(len(m.matches)-MaxRows, 0))
	for i := start; i < len(m.matches) && i < start+MaxRows; i++ {
		p := clip(m.matches[i], w-4)
		if i == m.sel {
			lines = append(lines, t.Selected.Render("› "+p))
		} else {
			lines = append(lines, t.Text.Render("  "+p))
		}
	}
	box := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(t.BorderColor).Width(w)
	if t.NoColor {
		box = lipgloss.NewStyle().Border(lipgloss.NormalBorder()).Width(w)
	}
	return box.Render(strings.Join(lines, "\n"))
}

func clip(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return "…" + s[len(s)-w+1:]
}
