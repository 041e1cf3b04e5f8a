package app

import (
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/anthropic"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/llm/openai"
	"github.com/honecode/hone/internal/llm/openaicompat"
	"github.com/honecode/hone/internal/llm/remote"
)

// clients builds one llm.Provider per provider name, on first use, shared
// by every candidate of that provider.
type clients struct {
	mu        sync.Mutex
	byName    map[string]llm.Provider
	http      *http.Client
	httpOpts  llm.HTTPOptions
	configDir string // fake scripts resolve against it
	// redact cleans the text of every provider error.
	redact func(string) string
	// gemini builds Gemini providers in this process (Options.Gemini);
	// when nil they run in the helper of geminiHelper, started with the
	// first one (host).
	gemini       remote.BuildFunc
	geminiHelper func() ([]string, error)
	host         *remote.Host
}

func newClients(httpOpts llm.HTTPOptions, configDir string, redact func(string) string) *clients {
	return &clients{byName: map[string]llm.Provider{}, httpOpts: httpOpts, configDir: configDir, redact: redact}
}

// close ends the Gemini helper, if one was started.
func (c *clients) close() error {
	c.mu.Lock()
	h := c.host
	c.mu.Unlock()
	if h == nil {
		return nil
	}
	return h.Close()
}

// get returns the retrying client of provider p, whose errors are
// redacted.
func (c *clients) get(p config.ResolvedProvider) (llm.Provider, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cl, ok := c.byName[p.Name]; ok {
		return cl, nil
	}
	if c.http == nil {
		c.http = llm.NewHTTPClient(c.httpOpts)
	}
	cl, err := c.build(p)
	if err != nil {
		return nil, err
	}
	if p.Type != config.TypeFake {
		cl = llm.WithRetry(cl, llm.RetryPolicy{})
	}
	cl = llm.RedactErrors(cl, c.redact)
	c.byName[p.Name] = cl
	return cl, nil
}

func (c *clients) build(p config.ResolvedProvider) (llm.Provider, error) {
	switch p.Type {
	case config.TypeAnthropic:
		return anthropic.New(anthropic.Options{Name: p.Name, BaseURL: p.BaseURL, APIKey: p.APIKey, Headers: p.Headers, HTTPClient: c.http}), nil
	case config.TypeOpenAI:
		return openai.New(openai.Options{Name: p.Name, BaseURL: p.BaseURL, APIKey: p.APIKey, Headers: p.Headers, HTTPClient: c.http}), nil
	case config.TypeOpenAICompat:
		return openaicompat.New(openaicompat.Options{Name: p.Name, BaseURL: p.BaseURL, APIKey: p.APIKey, Headers: p.Headers, HTTPClient: c.http}), nil
	case config.TypeGemini:
		return c.geminiProvider(remote.Spec{Type: p.Type, Name: p.Name, BaseURL: p.BaseURL, APIKey: p.APIKey,
			Headers: p.Headers, Vertex: p.Vertex, Options: p.ProviderOptions})
	case config.TypeFake:
		path := p.Script
		if path != "" && !filepath.IsAbs(path) && c.configDir != "" {
			path = filepath.Join(c.configDir, path)
		}
		m, err := fake.LoadScript(path)
		if err != nil {
			return nil, fmt.Errorf("provider %s: %w", p.Name, err)
		}
		return m, nil
	}
	return nil, fmt.Errorf("provider %s: unknown type %q", p.Name, p.Type)
}

// geminiProvider builds a Gemini provider in this process when it links
// genai, else in the helper, which starts with the first call (or at
// prestart). c.mu is held.
func (c *clients) geminiProvider(spec remote.Spec) (llm.Provider, error) {
	if c.gemini != nil {
		return c.gemini(spec, c.http)
	}
	return c.geminiHost().Provider(spec, c.http), nil
}

// geminiHost returns the host of the Gemini helper, made on first use.
// c.mu is held.
func (c *clients) geminiHost() *remote.Host {
	if c.host == nil {
		var argv []string
		err := errors.New("no Gemini helper is configured")
		if c.geminiHelper != nil {
			argv, err = c.geminiHelper()
		}
		c.host = remote.NewHost(argv, err)
	}
	return c.host
}

// prestart starts the Gemini helper now, on another goroutine, when the
// first candidate of the turns is a Gemini provider that runs in it: the
// helper then initializes while the store opens and the turn is
// prepared. A failover candidate's helper starts with its first call.
func (c *clients) prestart(r *config.Resolved) {
	if r == nil || len(r.Large) == 0 || c.gemini != nil {
		return
	}
	if p, ok := r.Provider(r.Large[0].Provider); !ok || p.Type != config.TypeGemini {
		return
	}
	c.mu.Lock()
	h := c.geminiHost()
	c.mu.Unlock()
	go h.Start()
}

// roles returns the agent candidates of both roles (none when r is nil).
func (c *clients) roles(r *config.Resolved) (large, small []agent.Candidate, err error) {
	if r == nil {
		return nil, nil, nil
	}
	if large, err = c.candidates(r, r.Large); err != nil {
		return nil, nil, err
	}
	if small, err = c.candidates(r, r.Small); err != nil {
		return nil, nil, err
	}
	return large, small, nil
}

// candidates turns resolved config candidates into agent candidates.
func (c *clients) candidates(r *config.Resolved, in []config.Candidate) ([]agent.Candidate, error) {
	out := make([]agent.Candidate, 0, len(in))
	for _, cc := range in {
		p, ok := r.Provider(cc.Provider)
		if !ok {
			return nil, fmt.Errorf("model %s: provider %q is not configured", cc.Ref(), cc.Provider)
		}
		cl, err := c.get(p)
		if err != nil {
			return nil, err
		}
		out = append(out, agent.Candidate{
			Provider: cc.Provider,
			Model:    cc.Model.ID,
			Client:   cl,
			Spec:     specOf(cc.Model),
			Options: agent.CallOptions{
				MaxTokens:       cc.Options.MaxTokens,
				Temperature:     cc.Options.Temperature,
				TopP:            cc.Options.TopP,
				ReasoningEffort: cc.Options.ReasoningEffort,
				ProviderOptions: cc.Options.ProviderOptions,
			},
		})
	}
	return out, nil
}

func specOf(m config.ModelSpec) agent.ModelSpec {
	return agent.ModelSpec{
		ContextWindow:   m.ContextWindow,
		MaxOutputTokens: m.MaxTokens,
		Images:          m.SupportsImages,
		Reasoning:       m.SupportsReasoning,
		PriceIn:         m.Prices.Input,
		PriceOut:        m.Prices.Output,
		PriceCacheRead:  m.Prices.CacheRead,
		PriceCacheWrite: m.Prices.CacheWrite,
	}
}
