package models

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func choices() []Choice {
	return []Choice{{"anthropic/claude-sonnet-4-6", "200k ctx · images"}, {"anthropic/claude-haiku-4-5", "200k ctx"}, {"openai/gpt-5", "400k ctx"}}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(styles.New(true, false), choices(), "openai/gpt-5", "anthropic/claude-haiku-4-5")
			large := m.View(w, 24)
			m.HandleKey(tea.KeyPressMsg{Code: tea.KeyTab})
			golden.Assert(t, fmt.Sprintf("models_%d", w), large+"\n"+m.View(w, 24))
		})
	}
}

func TestSelectPerRole(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), choices(), "openai/gpt-5", "")
	if a, _ := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}); a != (Select{Role: Large, Ref: "openai/gpt-5"}) {
		t.Fatalf("enter = %#v (the current model should be highlighted)", a)
	}
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyTab})
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyDown})
	if a, _ := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}); a != (Select{Role: Small, Ref: "anthropic/claude-haiku-4-5"}) {
		t.Fatalf("small = %#v", a)
	}
}
