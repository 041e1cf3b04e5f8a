package onboarding

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func providers() []Provider {
	return []Provider{
		{Name: "anthropic", Type: "anthropic", EnvVar: "ANTHROPIC_API_KEY", Models: []string{"claude-sonnet-4-6"}},
		{Name: "openai", Type: "openai", EnvVar: "OPENAI_API_KEY", KeySet: true, DefaultLarge: "gpt-5", DefaultSmall: "gpt-5-mini", Models: []string{"gpt-5", "gpt-5-mini"}},
	}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(styles.New(true, false), providers())
			m.SetOllama(true, "http://localhost:11434/v1", []string{"qwen3:8b"})
			golden.Assert(t, fmt.Sprintf("choose_%d", w), m.View(w, 24))
			m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter})
			golden.Assert(t, fmt.Sprintf("models_%d", w), m.View(w, 24))
		})
	}
}

func TestOllamaSelection(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), providers()[:1]) // nothing usable yet
	if a := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}); a != nil {
		t.Fatalf("an unusable provider was chosen: %#v", a)
	}
	m.SetOllama(true, "http://localhost:11434/v1", []string{"qwen3:8b", "llama3"})
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter})
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyTab})
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyDown})
	a := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter})
	want := Save{Provider: "ollama", Type: "openai-compat", BaseURL: "http://localhost:11434/v1", Large: "qwen3:8b", Small: "llama3"}
	if a != want {
		t.Fatalf("save = %#v, want %#v", a, want)
	}
}
