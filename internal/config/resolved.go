package config

import (
	"fmt"
	"log/slog"

	"github.com/honecode/hone/configs"
)

// Defaults for models that neither config nor catalog describe.
const (
	DefaultContextWindow = 128_000
	DefaultMaxTokens     = 8_192
)

// Resolved is what the app needs to talk to models: every known provider
// (usable or not, with why) and the ordered candidates of each role.
type Resolved struct {
	// Providers are in preference order: configured providers by name,
	// then the other catalog providers in catalog order.
	Providers []ResolvedProvider
	// Large and Small are the role candidates, in failover order.
	Large, Small []Candidate
	// Fast are the candidates a turn starts on with routing "escalate"
	// (models.fast, else Small); Plan those of plan-mode steps (empty:
	// as outside plan mode).
	Fast, Plan []Candidate
	// Skipped describes configured candidates left out because their
	// provider is not usable ("openrouter/x: OPENROUTER_API_KEY is not set").
	Skipped []string
}

// ResolvedProvider is a provider with catalog and config merged and its
// key read. It never prints or marshals its key.
type ResolvedProvider struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	BaseURL string `json:"base_url,omitempty"`
	// APIKey is the expanded key; it is never marshaled or printed.
	APIKey string `json:"-"`
	// KeyEnv is the catalog's key variable, if any.
	KeyEnv          string            `json:"key_env,omitempty"`
	Headers         map[string]string `json:"-"`
	ProviderOptions map[string]any    `json:"provider_options,omitempty"`
	Script          string            `json:"script,omitempty"`
	Vertex          bool              `json:"vertex,omitempty"`
	Models          []ModelSpec       `json:"models"`
	DefaultLarge    string            `json:"default_large,omitempty"`
	DefaultSmall    string            `json:"default_small,omitempty"`
	// Configured is set when the user config has an entry for it;
	// InCatalog when the catalog knows it.
	Configured bool `json:"configured"`
	InCatalog  bool `json:"in_catalog"`
	// Usable reports whether calls can be made now; Reason says why not.
	Usable bool   `json:"usable"`
	Reason string `json:"reason,omitempty"`

	// fallback lends model specs to a custom provider of a catalog
	// provider's type ("work" of type anthropic knows claude models).
	fallback *configs.Provider
}

// String describes the provider without its key.
func (p ResolvedProvider) String() string {
	state := "usable"
	if !p.Usable {
		state = "not usable: " + p.Reason
	}
	return fmt.Sprintf("%s (%s %s, %s)", p.Name, p.Type, p.BaseURL, state)
}

// LogValue logs the provider without its key or headers.
func (p ResolvedProvider) LogValue() slog.Value {
	return slog.GroupValue(slog.String("name", p.Name), slog.String("type", p.Type),
		slog.String("base_url", p.BaseURL), slog.Bool("usable", p.Usable), slog.Bool("has_key", p.APIKey != ""))
}

// Model returns the spec of the provider's model id.
func (p ResolvedProvider) Model(id string) (ModelSpec, bool) {
	for _, m := range p.Models {
		if m.ID == id {
			return m, true
		}
	}
	return ModelSpec{}, false
}

// ModelSpec describes a model, catalog and config merged.
type ModelSpec struct {
	ID                     string   `json:"id"`
	Name                   string   `json:"name,omitempty"`
	ContextWindow          int      `json:"context_window"`
	MaxTokens              int      `json:"max_tokens"`
	SupportsImages         bool     `json:"supports_images"`
	SupportsReasoning      bool     `json:"supports_reasoning"`
	ReasoningLevels        []string `json:"reasoning_levels,omitempty"`
	DefaultReasoningEffort string   `json:"default_reasoning_effort,omitempty"`
	Prices                 Prices   `json:"prices"`
	// Known is false for a model neither config nor catalog describes;
	// its limits are then the package defaults.
	Known bool `json:"known"`
	// Installed is set for models a probed local server reported.
	Installed bool `json:"installed,omitempty"`
}

// Prices are US dollars per million tokens.
type Prices struct {
	Input      float64 `json:"input"`
	Output     float64 `json:"output"`
	CacheRead  float64 `json:"cache_read"`
	CacheWrite float64 `json:"cache_write"`
}

// Cost is the price in US dollars of a call with these token counts
// (input excludes cached tokens).
func (p Prices) Cost(input, output, cacheRead, cacheWrite int64) float64 {
	return (float64(input)*p.Input + float64(output)*p.Output +
		float64(cacheRead)*p.CacheRead + float64(cacheWrite)*p.CacheWrite) / 1e6
}

// Candidate is one model of a role with its merged call options.
type Candidate struct {
	Provider string      `json:"provider"`
	Model    ModelSpec   `json:"model"`
	Options  CallOptions `json:"options"`
}

// Ref is the candidate as "provider/model".
func (c Candidate) Ref() string { return c.Provider + "/" + c.Model.ID }

// CallOptions are per-call settings, merged catalog defaults → provider
// config → model entry; per-call overrides apply on top.
type CallOptions struct {
	MaxTokens       int            `json:"max_tokens,omitempty"`
	ReasoningEffort string         `json:"reasoning_effort,omitempty"`
	Temperature     *float64       `json:"temperature,omitempty"`
	TopP            *float64       `json:"top_p,omitempty"`
	ProviderOptions map[string]any `json:"provider_options,omitempty"`
}

// Provider returns the resolved provider named name.
func (r *Resolved) Provider(name string) (ResolvedProvider, bool) {
	for _, p := range r.Providers {
		if p.Name == name {
			return p, true
		}
	}
	return ResolvedProvider{}, false
}

// Usable returns the usable providers in preference order.
func (r *Resolved) Usable() []ResolvedProvider {
	var out []ResolvedProvider
	for _, p := range r.Providers {
		if p.Usable {
			out = append(out, p)
		}
	}
	return out
}
