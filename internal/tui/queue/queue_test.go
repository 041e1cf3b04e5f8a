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

// A prompt dropped (its message deleted when folded into a turn) stays
// out even when a stale list that still has it comes afterwards.
func TestDroppedStaysOut(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true))
	m.SetItems(items(2))
	m.Focus()
	m.Drop("q1")
	if got := m.Items(); len(got) != 1 || got[0].ID != "q0" {
		t.Fatalf("after Drop: %+v", got)
	}
	m.SetItems(items(2)) // the stale list
	if got := m.Items(); len(got) != 1 || got[0].ID != "q0" {
		t.Fatalf("a stale list brought a dropped prompt back: %+v", got)
	}
	m.Drop("q0")
	if m.Len() != 0 || m.Focused() || m.Height() != 0 {
		t.Errorf("empty queue: len %d focused %v height %d", m.Len(), m.Focused(), m.Height())
	}
}
