// Package configs embeds Hone's model catalog (catalog.json): the
// well-known providers, their default endpoints and key variables, and
// their models with context windows, output limits and prices. The
// catalog is parsed lazily, on the first call to Default, never at init.
package configs

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
)

//go:embed catalog.json
var catalogJSON []byte

// parsed holds the one parse of the embedded catalog; Default hands out
// copies so no caller can change what another sees.
var parsed = sync.OnceValues(func() (*Catalog, error) { return Parse(catalogJSON) })

// ErrInvalidCatalog is matched (errors.Is) by every error Parse returns
// for a catalog that decodes but is inconsistent.
var ErrInvalidCatalog = errors.New("invalid catalog")

// Catalog lists the well-known providers. The order of Providers is the
// preference order used when no model is configured: the first usable
// provider supplies the default large and small models.
type Catalog struct {
	Providers []Provider `json:"providers"`
}

// Provider is one well-known model provider.
type Provider struct {
	// ID is the provider's name in model references ("anthropic/…").
	ID   string `json:"id"`
	Name string `json:"name"`
	// Type is the wire protocol: openai (Responses), openai-compat (Chat
	// Completions), anthropic or gemini.
	Type    string `json:"type"`
	BaseURL string `json:"base_url"`
	// APIKeyEnv names the environment variable holding the key; a
	// provider whose variable is set is usable without any config file.
	APIKeyEnv string `json:"api_key_env,omitempty"`
	// HostEnv names a variable that, when set, both enables a keyless
	// provider and gives its host (OLLAMA_HOST).
	HostEnv string `json:"host_env,omitempty"`
	// Local marks a provider served on this machine without a key.
	Local        bool    `json:"local,omitempty"`
	DefaultLarge string  `json:"default_large"`
	DefaultSmall string  `json:"default_small"`
	Models       []Model `json:"models"`
}

// Model is one model of a catalog provider. Prices are US dollars per
// million tokens.
type Model struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// ContextWindow is the model's input plus output limit in tokens.
	ContextWindow int `json:"context_window"`
	// MaxTokens is the default max output tokens of a call.
	MaxTokens         int      `json:"max_tokens"`
	CostIn            float64  `json:"cost_per_1m_in"`
	CostOut           float64  `json:"cost_per_1m_out"`
	CostCacheRead     float64  `json:"cost_per_1m_cache_read,omitempty"`
	CostCacheWrite    float64  `json:"cost_per_1m_cache_write,omitempty"`
	SupportsImages    bool     `json:"supports_images,omitempty"`
	SupportsReasoning bool     `json:"supports_reasoning,omitempty"`
	ReasoningLevels   []string `json:"reasoning_levels,omitempty"`
	// DefaultReasoningEffort is sent when neither config nor call sets one.
	DefaultReasoningEffort string `json:"default_reasoning_effort,omitempty"`
}

// Default returns the embedded catalog, parsed on first use. Each call
// returns an independent copy the caller may modify.
func Default() (*Catalog, error) {
	c, err := parsed()
	if err != nil {
		return nil, err
	}
	return c.Clone(), nil
}

// Parse decodes and checks a catalog: provider and model ids unique and
// non-empty, default models present among the provider's models.
func Parse(data []byte) (*Catalog, error) {
	var c Catalog
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("parse catalog: %w", err)
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidCatalog, err)
	}
	return &c, nil
}

func (c *Catalog) check() error {
	seen := map[string]bool{}
	for _, p := range c.Providers {
		if p.ID == "" || p.Type == "" || seen[p.ID] {
			return fmt.Errorf("provider %q: empty or duplicate id, or no type", p.ID)
		}
		seen[p.ID] = true
		ids := map[string]bool{}
		for _, m := range p.Models {
			if m.ID == "" || ids[m.ID] || m.ContextWindow <= 0 || m.MaxTokens <= 0 {
				return fmt.Errorf("provider %s: model %q: empty or duplicate id, or no limits", p.ID, m.ID)
			}
			ids[m.ID] = true
		}
		for _, d := range []string{p.DefaultLarge, p.DefaultSmall} {
			if d != "" && !ids[d] {
				return fmt.Errorf("provider %s: default model %q is not listed", p.ID, d)
			}
		}
	}
	return nil
}

// Provider returns the provider with id.
func (c *Catalog) Provider(id string) (Provider, bool) {
	i := slices.IndexFunc(c.Providers, func(p Provider) bool { return p.ID == id })
	if i < 0 {
		return Provider{}, false
	}
	return c.Providers[i], true
}

// Model returns the provider's model with id.
func (p Provider) Model(id string) (Model, bool) {
	i := slices.IndexFunc(p.Models, func(m Model) bool { return m.ID == id })
	if i < 0 {
		return Model{}, false
	}
	return p.Models[i], true
}

// Clone returns a deep copy of c.
func (c *Catalog) Clone() *Catalog {
	out := &Catalog{Providers: slices.Clone(c.Providers)}
	for i, p := range out.Providers {
		p.Models = slices.Clone(p.Models)
		for j, m := range p.Models {
			p.Models[j].ReasoningLevels = slices.Clone(m.ReasoningLevels)
		}
		out.Providers[i] = p
	}
	return out
}
