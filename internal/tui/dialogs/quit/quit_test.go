package quit

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		golden.Assert(t, fmt.Sprintf("quit_%d", w), New(styles.New(true, false)).View(w, 24))
	}
}

func TestKeys(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true))
	for _, c := range []struct {
		k          tea.KeyPressMsg
		quit, done bool
	}{
		{tea.KeyPressMsg{Code: 'y', Text: "y"}, true, true},
		{tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}, true, true},
		{tea.KeyPressMsg{Code: 'n', Text: "n"}, false, true},
		{tea.KeyPressMsg{Code: tea.KeyEscape}, false, true},
		{tea.KeyPressMsg{Code: tea.KeyEnter}, false, false},
	} {
		if q, d := m.HandleKey(c.k); q != c.quit || d != c.done {
			t.Errorf("%s: quit %v done %v", c.k, q, d)
		}
	}
}
