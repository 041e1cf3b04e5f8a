package config

import (
	"fmt"
	"maps"

	"github.com/honecode/hone/configs"
)

// ResolveOptions carry what resolution reads besides config and catalog.
type ResolveOptions struct {
	// Getenv reads key and host variables (default os.Getenv).
	Getenv func(string) string
	// Ollama is the result of DetectOllama when the caller probed for a
	// local server; nil when it did not (the probe is never implicit).
	Ollama *OllamaStatus
}

// Resolve turns config and catalog into usable providers and role
// candidates. A catalog provider is usable with no config when its key
// variable is set; the local Ollama when OLLAMA_HOST is set or a probe
// found it. A configured provider named like a catalog one inherits its
// type, base URL, key variable and models, and config fields win.
//
// Roles: the configured models.large / models.small candidates whose
// provider is usable, in order; with no configured list, the default model
// of the first usable provider (see Resolved.Providers for the order). A
// missing small role falls back to the default small model of the first
// large candidate's provider. When a role ends up empty the error is a
// *NoProviderError. cat nil means the embedded catalog.
func Resolve(cfg *Config, cat *configs.Catalog, opts ResolveOptions) (*Resolved, error) {
	if opts.Getenv == nil {
		opts.Getenv = LoadOptions{}.withDefaults().Getenv
	}
	if cat == nil {
		c, err := configs.Default()
		if err != nil {
			return nil, fmt.Errorf("resolve models: %w", err)
		}
		cat = c
	}
	r := &Resolved{}
	for _, s := range providerSources(cfg, cat) {
		r.Providers = append(r.Providers, resolveProvider(s, opts))
	}
	r.Large = r.role(cfg.Models.Large)
	if len(cfg.Models.Large) == 0 {
		r.Large = r.defaultRole(func(p ResolvedProvider) string { return p.DefaultLarge })
	}
	r.Small = r.role(cfg.Models.Small)
	if len(cfg.Models.Small) == 0 {
		r.Small = r.defaultSmall()
	}
	r.Fast = r.role(cfg.Models.Fast)
	if len(r.Fast) == 0 {
		r.Fast = r.Small
	}
	r.Plan = r.role(cfg.Models.Plan)
	if len(r.Large) == 0 || len(r.Small) == 0 {
		return r, newNoProviderError(r, cat, opts.Getenv)
	}
	return r, nil
}

// role resolves configured candidates, skipping unusable providers.
func (r *Resolved) role(refs []ModelRef) []Candidate {
	var out []Candidate
	for _, ref := range refs {
		c, err := r.Candidate(ref)
		if err != nil {
			r.Skipped = append(r.Skipped, err.Error())
			continue
		}
		out = append(out, c)
	}
	return out
}

// defaultRole is the first usable provider's default for the role.
func (r *Resolved) defaultRole(pick func(ResolvedProvider) string) []Candidate {
	for _, p := range r.Usable() {
		if id := pick(p); id != "" {
			return []Candidate{candidate(p, ModelRef{Model: p.Name + "/" + id})}
		}
	}
	return nil
}

// defaultSmall follows the first large candidate's provider, else the
// first usable provider.
func (r *Resolved) defaultSmall() []Candidate {
	if len(r.Large) > 0 {
		p, _ := r.Provider(r.Large[0].Provider)
		if p.DefaultSmall != "" {
			return []Candidate{candidate(p, ModelRef{Model: p.Name + "/" + p.DefaultSmall})}
		}
		return r.Large[:1]
	}
	return r.defaultRole(func(p ResolvedProvider) string { return p.DefaultSmall })
}

// Candidate resolves one "provider/model" reference (with options) against
// the usable providers, for -m flags or a model picker.
func (r *Resolved) Candidate(ref ModelRef) (Candidate, error) {
	name, _, ok := SplitModelRef(ref.Model)
	if !ok {
		return Candidate{}, fmt.Errorf("%s: not a provider/model reference", ref.Model)
	}
	p, ok := r.Provider(name)
	switch {
	case !ok:
		return Candidate{}, fmt.Errorf("%s: provider %q is not configured", ref.Model, name)
	case !p.Usable:
		return Candidate{}, fmt.Errorf("%s: %s", ref.Model, p.Reason)
	}
	return candidate(p, ref), nil
}

// candidate builds a candidate, merging call options: catalog defaults →
// provider options → the reference's own options.
func candidate(p ResolvedProvider, ref ModelRef) Candidate {
	id := ref.ModelID()
	spec, ok := p.Model(id)
	if !ok && p.fallback != nil {
		spec = lookupSpec(p.fallback, id)
	} else if !ok {
		spec = unknownSpec(id)
	}
	o := CallOptions{MaxTokens: spec.MaxTokens, ReasoningEffort: spec.DefaultReasoningEffort, ProviderOptions: maps.Clone(p.ProviderOptions)}
	if ref.MaxTokens > 0 {
		o.MaxTokens = ref.MaxTokens
	}
	if ref.ReasoningEffort != "" {
		o.ReasoningEffort = ref.ReasoningEffort
	}
	o.Temperature, o.TopP = ref.Temperature, ref.TopP
	if len(ref.ProviderOptions) > 0 {
		if o.ProviderOptions == nil {
			o.ProviderOptions = map[string]any{}
		}
		maps.Copy(o.ProviderOptions, ref.ProviderOptions)
	}
	return Candidate{Provider: p.Name, Model: spec, Options: o}
}
