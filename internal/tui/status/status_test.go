package status

import (
	"fmt"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(styles.New(true, false))
			m.SetHints([]Hint{{"ctrl+p", "commands"}, {"ctrl+s", "sessions"}, {"f1", "help"}})
			idle := m.Render(w)
			m.SetMode("accept-edits")
			m.SetActivity("working")
			m.Flash(Warn, "cancelling…")
			golden.Assert(t, fmt.Sprintf("status_%d", w), idle+"\n"+m.Render(w))
		})
	}
}

func TestFlashClearsOnlyItsOwnMessage(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true))
	first := m.Flash(Info, "one")
	m.Flash(Info, "two")
	m.ClearFlash(first)
	if got := golden.Plain(m.Render(80)); !strings.Contains(got, "two") {
		t.Fatalf("newer message cleared by an older timer: %q", got)
	}
}
