package commands

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func cmds() []Command {
	return []Command{{ID: "new", Title: "New session", Key: "ctrl+n"}, {ID: "sessions", Title: "Sessions", Key: "ctrl+s"}, {ID: "undo", Title: "Undo last turn's file changes"}, {ID: "compact", Title: "Compact", Args: "[focus]"}}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			golden.Assert(t, fmt.Sprintf("commands_%d", w), New(styles.New(true, false), cmds()).View(w, 24))
		})
	}
}

func TestFilterAndRun(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), cmds())
	for _, r := range "undo" {
		m.HandleKey(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	if a, _ := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}); a != (Run{ID: "undo"}) {
		t.Fatalf("got %#v", a)
	}
	if a, _ := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEscape}); a != (Close{}) {
		t.Fatalf("esc = %#v", a)
	}
}

func TestSlashWithArgs(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), cmds())
	for _, r := range "/compact the parser" {
		m.HandleKey(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	if a, _ := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}); a != (Run{ID: "compact", Args: "the parser"}) {
		t.Fatalf("got %#v", a)
	}
}
