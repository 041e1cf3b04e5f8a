package configs

import (
	"errors"
	"slices"
	"testing"
)

func TestDefaultCatalogIsConsistent(t *testing.T) {
	t.Parallel()
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	types := []string{"openai", "openai-compat", "anthropic", "gemini"}
	for _, p := range c.Providers {
		if !slices.Contains(types, p.Type) {
			t.Errorf("%s: type %q", p.ID, p.Type)
		}
		if p.BaseURL == "" || p.Name == "" || p.DefaultLarge == "" || p.DefaultSmall == "" {
			t.Errorf("%s: missing base URL, name or defaults", p.ID)
		}
		if p.APIKeyEnv == "" && !p.Local {
			t.Errorf("%s: remote provider without a key variable", p.ID)
		}
		for _, m := range p.Models {
			if m.Name == "" || m.MaxTokens > m.ContextWindow {
				t.Errorf("%s/%s: missing name or max tokens over the window", p.ID, m.ID)
			}
			if len(m.ReasoningLevels) > 0 && !m.SupportsReasoning {
				t.Errorf("%s/%s: reasoning levels without reasoning support", p.ID, m.ID)
			}
			if m.DefaultReasoningEffort != "" && !slices.Contains(m.ReasoningLevels, m.DefaultReasoningEffort) {
				t.Errorf("%s/%s: default effort %q not among its levels", p.ID, m.ID, m.DefaultReasoningEffort)
			}
		}
	}
}

func TestCatalogHasWellKnownProviders(t *testing.T) {
	t.Parallel()
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"anthropic":  "ANTHROPIC_API_KEY",
		"openai":     "OPENAI_API_KEY",
		"gemini":     "GEMINI_API_KEY",
		"openrouter": "OPENROUTER_API_KEY",
		"deepseek":   "DEEPSEEK_API_KEY",
		"groq":       "GROQ_API_KEY",
		"xai":        "XAI_API_KEY",
		"mistral":    "MISTRAL_API_KEY",
	}
	for id, env := range want {
		p, ok := c.Provider(id)
		if !ok || p.APIKeyEnv != env {
			t.Errorf("provider %s: got %+v, want key env %s", id, p.APIKeyEnv, env)
		}
	}
	o, ok := c.Provider("ollama")
	if !ok || o.BaseURL != "http://localhost:11434/v1" || o.HostEnv != "OLLAMA_HOST" || o.Type != "openai-compat" {
		t.Errorf("ollama: %+v", o)
	}
	m, ok := o.Model("gpt-oss:20b")
	if !ok || m.ContextWindow == 0 {
		t.Errorf("ollama gpt-oss:20b: %+v", m)
	}
	if _, ok := c.Provider("nope"); ok {
		t.Error("unknown provider found")
	}
}

func TestDefaultReturnsIndependentCopies(t *testing.T) {
	t.Parallel()
	a, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	a.Providers[0].Models[0].ReasoningLevels[0] = "changed"
	a.Providers[0].Models[0].ID = "changed"
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if b.Providers[0].Models[0].ID == "changed" || b.Providers[0].Models[0].ReasoningLevels[0] == "changed" {
		t.Fatal("Default shares state between callers")
	}
}

func TestParseRejectsInconsistentCatalogs(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"duplicate provider": `{"providers":[{"id":"a","type":"openai"},{"id":"a","type":"openai"}]}`,
		"missing type":       `{"providers":[{"id":"a"}]}`,
		"default not listed": `{"providers":[{"id":"a","type":"openai","default_large":"x"}]}`,
		"model without limits": `{"providers":[{"id":"a","type":"openai",
			"models":[{"id":"m"}]}]}`,
		"duplicate model": `{"providers":[{"id":"a","type":"openai","models":[
			{"id":"m","context_window":1,"max_tokens":1},{"id":"m","context_window":1,"max_tokens":1}]}]}`,
	} {
		if _, err := Parse([]byte(src)); !errors.Is(err, ErrInvalidCatalog) {
			t.Errorf("%s: got %v, want ErrInvalidCatalog", name, err)
		}
	}
	if _, err := Parse([]byte(`{`)); err == nil || errors.Is(err, ErrInvalidCatalog) {
		t.Errorf("syntax error: got %v", err)
	}
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := Parse(catalogJSON); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Default(); err != nil {
			b.Fatal(err)
		}
	}
}
