package queue

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func items(n int) []Item {
	out := make([]Item, n)
	for i := range out {
		out[i] = Item{ID: fmt.Sprint("q", i), Text: fmt.Sprintf("queued prompt number %d with\nsome more words to make it long", i+1)}
	}
	return out
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(styles.New(true, false))
			m.SetItems(items(2))
			plain := m.View(w)
			m.SetItems(items(6))
			m.Focus()
			golden.Assert(t, fmt.Sprintf("queue_%d", w), plain+"\n\n"+m.View(w))
		})
	}
}

func TestRemoveSelected(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, false))
	m.SetItems(items(3))
	m.Focus()
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyUp})
	r, ok := m.HandleKey(tea.KeyPressMsg{Code: 'x', Text: "x"})
	if !ok || r == nil || r.ID != "q1" {
		t.Fatalf("remove = %+v, %v", r, ok)
	}
	if m.Height() != 4 {
		t.Fatalf("height = %d", m.Height())
	}
	m.SetItems(nil)
	if m.Focused() || m.Height() != 0 {
		t.Fatal("an empty queue keeps focus or space")
	}
}
