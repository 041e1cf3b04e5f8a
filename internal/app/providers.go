package app

import (
	"fmt"
	"net/http"
	"path/filepath"
	"sync"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/anthropic"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/llm/gemini"
	"github.com/honecode/hone/internal/llm/openai"
	"github.com/honecode/hone/internal/llm/openaicompat"
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
}

func newClients(httpOpts llm.HTTPOptions, configDir string, redact func(string) string) *clients {
	return &clients{byName: map[string]llm.Provider{}, httpOpts: httpOpts, configDir: configDir, redact: redact}
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
		o := gemini.Options{Name: p.Name, BaseURL: p.BaseURL, APIKey: p.APIKey, Headers: p.Headers, HTTPClient: c.http, Vertex: p.Vertex}
		o.Project, _ = p.ProviderOptions["project"].(string)
		o.Location, _ = p.ProviderOptions["location"].(string)
		return gemini.New(o), nil
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
