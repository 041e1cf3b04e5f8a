package onboarding

import (
	"fmt"
	"strings"
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
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEscape}) // back from the key prompt
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

func TestEnterOnProviderWithoutKeyAsksForItAndNeverShowsIt(t *testing.T) {
	t.Parallel()
	const secret = "sk-ant-test-0123456789"
	m := New(styles.New(true, true), providers()[:1])
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter})
	if v := m.View(100, 30); !strings.Contains(v, "Paste the API key") {
		t.Fatalf("Enter on a provider without its key does not ask for it:\n%s", v)
	}
	m.HandlePaste(secret + "\n")
	if v := m.View(100, 30); strings.Contains(v, secret) || strings.Contains(v, "sk-ant") || !strings.Contains(v, "22 characters received") {
		t.Fatalf("the key prompt shows the key or not its length:\n%s", v)
	}
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}) // accept the key
	if v := m.View(100, 30); strings.Contains(v, secret) {
		t.Fatalf("the model step shows the key:\n%s", v)
	}
	a, ok := m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter}).(Save)
	p := providers()[0]
	if !ok || a.APIKey != secret || a.APIKeyRef != "$"+p.EnvVar || a.Provider != p.Name {
		t.Fatalf("save = %#v", a)
	}
}
