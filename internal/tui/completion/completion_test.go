package completion

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

var files = []string{"go.mod", "main.go", "internal/tui/model.go", "internal/tui/view.go", "internal/tui/chat/model.go", "docs/tui.md"}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(styles.New(true, false))
			m.Open("")
			loading := m.View(w)
			m.SetFiles(files)
			m.Open("tuimod")
			golden.Assert(t, fmt.Sprintf("completion_%d", w), loading+"\n"+m.View(w))
		})
	}
}

func TestPick(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, false))
	m.SetFiles(files)
	m.Open("view")
	got, ok := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyTab})
	if !ok || got != "internal/tui/view.go" || m.IsOpen() {
		t.Fatalf("picked %q, %v, open %v", got, ok, m.IsOpen())
	}
	m.Open("zzz")
	if got, ok := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}); got != "" || ok {
		t.Fatalf("enter without a match must reach the editor: %q %v", got, ok)
	}
}
