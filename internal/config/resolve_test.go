package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func candidateRefs(cs []Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Ref())
	}
	return out
}

func resolve(t *testing.T, cfg string, opts ResolveOptions) (*Resolved, error) {
	t.Helper()
	var c Config
	if err := json.Unmarshal([]byte(cfg), &c); err != nil {
		t.Fatal(err)
	}
	return Resolve(&c, nil, opts)
}

func TestResolveKeyInEnvironmentNeedsNoConfig(t *testing.T) {
	t.Parallel()
	r, err := resolve(t, `{}`, ResolveOptions{Getenv: envOf("OPENAI_API_KEY=sk-o", "GROQ_API_KEY=g")})
	if err != nil {
		t.Fatal(err)
	}
	if got := candidateRefs(r.Large); !slices.Equal(got, []string{"openai/gpt-5"}) {
		t.Errorf("large = %v", got)
	}
	if got := candidateRefs(r.Small); !slices.Equal(got, []string{"openai/gpt-5-mini"}) {
		t.Errorf("small = %v", got)
	}
	var usable []string
	for _, p := range r.Usable() {
		usable = append(usable, p.Name)
	}
	if !slices.Equal(usable, []string{"openai", "groq"}) {
		t.Errorf("usable = %v", usable)
	}
	p, _ := r.Provider("openai")
	if p.APIKey != "sk-o" || p.Type != TypeOpenAI || p.BaseURL != "https://api.openai.com/v1" {
		t.Errorf("openai = %+v", p)
	}
	a, _ := r.Provider("anthropic")
	if a.Usable || a.Reason != "ANTHROPIC_API_KEY is not set" {
		t.Errorf("anthropic = %v", a)
	}
	c := r.Large[0]
	if c.Model.ContextWindow != 400000 || c.Options.MaxTokens != 32000 || c.Options.ReasoningEffort != "medium" || c.Model.Prices.Input != 1.25 {
		t.Errorf("candidate = %+v", c)
	}
}

func TestResolveNothingUsable(t *testing.T) {
	t.Parallel()
	_, err := resolve(t, `{}`, ResolveOptions{Getenv: envOf("HOME=/h")})
	var npe *NoProviderError
	if !errors.As(err, &npe) || !errors.Is(err, ErrNoProvider) {
		t.Fatalf("err = %v", err)
	}
	msg := err.Error()
	for _, want := range []string{"no model provider is usable", "ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY",
		"OPENROUTER_API_KEY", "DEEPSEEK_API_KEY", "GROQ_API_KEY", "OLLAMA_HOST", "/h/.config/hone/hone.json", `"providers"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q: %s", want, msg)
		}
	}
}

func TestResolveConfiguredRolesSkipUnusable(t *testing.T) {
	t.Parallel()
	cfg := `{"models": {"large": ["openrouter/openai/gpt-5", {"model": "anthropic/claude-sonnet-4-6", "reasoning_effort": "high"}],
	                    "small": ["openrouter/x"]}}`
	r, err := resolve(t, cfg, ResolveOptions{Getenv: envOf("ANTHROPIC_API_KEY=a")})
	var npe *NoProviderError
	if !errors.As(err, &npe) {
		t.Fatalf("err = %v, want no usable small candidate", err)
	}
	if got := candidateRefs(r.Large); !slices.Equal(got, []string{"anthropic/claude-sonnet-4-6"}) {
		t.Errorf("large = %v", got)
	}
	want := []string{"openrouter/openai/gpt-5: OPENROUTER_API_KEY is not set", "openrouter/x: OPENROUTER_API_KEY is not set"}
	if !slices.Equal(r.Skipped, want) || !strings.Contains(err.Error(), "none of the configured models is usable (") {
		t.Errorf("skipped = %q, err = %v", r.Skipped, err)
	}
	if r.Large[0].Options.ReasoningEffort != "high" {
		t.Errorf("options = %+v", r.Large[0].Options)
	}
}

func TestResolveSmallFollowsLargeProvider(t *testing.T) {
	t.Parallel()
	r, err := resolve(t, `{"models": {"large": ["anthropic/claude-opus-4-5"]}}`,
		ResolveOptions{Getenv: envOf("ANTHROPIC_API_KEY=a", "OPENAI_API_KEY=o")})
	if err != nil {
		t.Fatal(err)
	}
	if got := candidateRefs(r.Small); !slices.Equal(got, []string{"anthropic/claude-haiku-4-5"}) {
		t.Errorf("small = %v", got)
	}
}

func TestResolveCustomProviderBorrowsCatalogSpecs(t *testing.T) {
	t.Parallel()
	cfg := `{
	  "providers": {"work": {"type": "anthropic", "api_key": "k", "base_url": "https://gw",
	                         "provider_options": {"cache": true, "beta": "a"}}},
	  "models": {"large": [{"model": "work/claude-sonnet-4-6", "max_tokens": 1000, "temperature": 0.5,
	                        "provider_options": {"beta": "b"}}], "small": ["work/unknown-model"]}}`
	r, err := resolve(t, cfg, ResolveOptions{Getenv: envOf()})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Large[0]
	if !c.Model.Known || c.Model.ContextWindow != 200000 || c.Model.Prices.Output != 15 || !c.Model.SupportsImages {
		t.Errorf("spec = %+v, want the catalog's claude-sonnet-4-6", c.Model)
	}
	o := c.Options
	if o.MaxTokens != 1000 || *o.Temperature != 0.5 || o.ProviderOptions["cache"] != true || o.ProviderOptions["beta"] != "b" {
		t.Errorf("options = %+v, want provider then model options merged", o)
	}
	s := r.Small[0]
	if s.Model.Known || s.Model.ContextWindow != DefaultContextWindow || s.Options.MaxTokens != DefaultMaxTokens {
		t.Errorf("unknown model spec = %+v", s.Model)
	}
	if r.Providers[0].Name != "work" || r.Providers[0].BaseURL != "https://gw" {
		t.Errorf("first provider = %v, want the configured one", r.Providers[0])
	}
}

func TestResolveConfigOverridesCatalogProvider(t *testing.T) {
	t.Parallel()
	cfg := `{"providers": {"anthropic": {"base_url": "https://proxy", "extra_headers": {"X": "1"},
	          "models": [{"id": "claude-haiku-4-5", "context_window": 50000, "cost_per_1m_in": 0},
	                     {"id": "claude-next", "name": "Next", "context_window": 300000, "max_tokens": 9000}]}}}`
	r, err := resolve(t, cfg, ResolveOptions{Getenv: envOf("ANTHROPIC_API_KEY=a")})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := r.Provider("anthropic")
	if !p.Usable || p.APIKey != "a" || p.BaseURL != "https://proxy" || p.Headers["X"] != "1" || p.Type != TypeAnthropic || !p.Configured {
		t.Errorf("provider = %+v", p)
	}
	h, _ := p.Model("claude-haiku-4-5")
	if h.ContextWindow != 50000 || h.Prices.Input != 0 || h.Prices.Output != 5 {
		t.Errorf("haiku = %+v, want config fields over the catalog's", h)
	}
	n, ok := p.Model("claude-next")
	if !ok || !n.Known || n.ContextWindow != 300000 || n.MaxTokens != 9000 {
		t.Errorf("added model = %+v", n)
	}
}

func TestResolveProviderUsability(t *testing.T) {
	t.Parallel()
	cfg := `{"providers": {
	  "vllm": {"type": "openai-compat", "base_url": "http://gpu:8000/v1", "models": [{"id": "qwen"}]},
	  "nourl": {"type": "openai-compat"},
	  "nokey": {"type": "openai"},
	  "vertex": {"type": "gemini", "vertex": true},
	  "off": {"type": "openai", "api_key": "k", "disabled": true},
	  "fake": {"type": "fake", "script": "s.json"},
	  "ollama": {"base_url": "http://box:11434/v1"}}}`
	r, err := resolve(t, cfg, ResolveOptions{Getenv: envOf()})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"vllm": "", "nourl": "no base_url configured", "nokey": "no api_key configured",
		"vertex": "", "off": "disabled in config", "fake": "", "ollama": "", "groq": "GROQ_API_KEY is not set"}
	for name, reason := range want {
		p, ok := r.Provider(name)
		if !ok || p.Usable != (reason == "") || p.Reason != reason {
			t.Errorf("%s: usable %v reason %q, want %q", name, p.Usable, p.Reason, reason)
		}
	}
	// fake has no models, so the first usable provider with a default is
	// the configured ollama (configured providers come first, by name).
	if got := candidateRefs(r.Large); !slices.Equal(got, []string{"ollama/qwen3-coder:30b"}) {
		t.Errorf("large = %v", got)
	}
}

func TestResolveOllama(t *testing.T) {
	t.Parallel()
	r, err := resolve(t, `{}`, ResolveOptions{Getenv: envOf("OLLAMA_HOST=0.0.0.0:9999")})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := r.Provider("ollama")
	if !p.Usable || p.BaseURL != "http://localhost:9999/v1" || p.APIKey != "" {
		t.Errorf("ollama via OLLAMA_HOST = %v", p)
	}
	st := &OllamaStatus{BaseURL: "http://localhost:11434/v1", Reachable: true, Models: []string{"mistral-nemo:latest", "llama3.2:latest"}}
	r, err = resolve(t, `{}`, ResolveOptions{Getenv: envOf(), Ollama: st})
	if err != nil {
		t.Fatal(err)
	}
	if got := candidateRefs(r.Large); !slices.Equal(got, []string{"ollama/mistral-nemo:latest"}) {
		t.Errorf("large = %v, want the first installed model", got)
	}
	if got := candidateRefs(r.Small); !slices.Equal(got, []string{"ollama/llama3.2"}) {
		t.Errorf("small = %v, want the installed catalog default", got)
	}
	p, _ = r.Provider("ollama")
	if m, _ := p.Model("llama3.2"); !m.Installed || m.ContextWindow != 131072 {
		t.Errorf("llama3.2 = %+v", m)
	}
	_, err = resolve(t, `{}`, ResolveOptions{Getenv: envOf()})
	if !errors.Is(err, ErrNoProvider) {
		t.Errorf("without host or probe: %v", err)
	}
}

func TestResolvedProviderHidesKey(t *testing.T) {
	t.Parallel()
	r, err := resolve(t, `{}`, ResolveOptions{Getenv: envOf("ANTHROPIC_API_KEY=sk-secret")})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := r.Provider("anthropic")
	b, _ := json.Marshal(r)
	for _, s := range []string{fmt.Sprint(p), fmt.Sprintf("%+v", p), string(b), p.LogValue().String()} {
		if strings.Contains(s, "sk-secret") {
			t.Errorf("key leaked: %s", s)
		}
	}
}

func TestPricesCost(t *testing.T) {
	t.Parallel()
	p := Prices{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75}
	if got := p.Cost(1_000_000, 100_000, 2_000_000, 0); fmt.Sprintf("%.4f", got) != "5.1000" {
		t.Errorf("cost = %v", got)
	}
}

func BenchmarkResolve(b *testing.B) {
	var c Config
	getenv := envOf("ANTHROPIC_API_KEY=a", "OPENAI_API_KEY=o")
	for b.Loop() {
		if _, err := Resolve(&c, nil, ResolveOptions{Getenv: getenv}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestResolveVertexNeedsNoKeyOrAPIBaseURL(t *testing.T) {
	t.Parallel()
	r, err := resolve(t, `{"providers":{"gemini":{"vertex":true,"provider_options":{"project":"p"}}}}`, ResolveOptions{Getenv: envOf()})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := r.Provider("gemini")
	if !p.Usable || p.BaseURL != "" || !p.Vertex {
		t.Errorf("vertex gemini = usable %v (%s), base %q, vertex %v; want usable with no base URL", p.Usable, p.Reason, p.BaseURL, p.Vertex)
	}
}
