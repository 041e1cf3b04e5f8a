// Package quit is the quit confirmation, shown when Ctrl+C is pressed
// while a turn is running.
package quit

import (
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/styles"
)

// Model is the quit confirmation.
type Model struct{ theme *styles.Theme }

// New returns the dialog.
func New(t *styles.Theme) *Model { return &Model{theme: t} }

// HandleKey returns (quit, done): y or a second Ctrl+C quit; n and Esc
// close the dialog; other keys are ignored.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (quit, done bool) {
	switch msg.String() {
	case "y", "Y", "ctrl+c":
		return true, true
	case "n", "N", "esc":
		return false, true
	}
	return false, false
}

// View renders the dialog for a screen of width × height cells.
func (m *Model) View(width, _ int) string {
	w := dialogs.Width(width, 56)
	body := m.theme.Text.Render("A turn is running. Quitting cancels it;") + "\n" +
		m.theme.Text.Render("what it wrote so far is kept.")
	return dialogs.Frame(m.theme, "Quit Hone?", body, "y quit · n stay", w)
}
