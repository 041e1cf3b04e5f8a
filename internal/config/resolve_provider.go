package config

import (
	"maps"
	"slices"
	"strings"

	"github.com/honecode/hone/configs"
)

// providerSource is what is known of one provider before resolution.
type providerSource struct {
	name    string
	config  *Provider         // nil when not configured
	catalog *configs.Provider // nil when not in the catalog
	// byType is the catalog provider whose id is the configured type
	// (anthropic, openai, gemini): it lends base URL and model specs.
	byType *configs.Provider
}

// providerSources lists every provider in preference order: configured
// ones sorted by name, then the remaining catalog providers in order.
func providerSources(cfg *Config, cat *configs.Catalog) []providerSource {
	var out []providerSource
	for _, name := range sortedKeys(cfg.Providers) {
		p := cfg.Providers[name]
		s := providerSource{name: name, config: &p}
		if cp, ok := cat.Provider(name); ok {
			s.catalog = &cp
		}
		if tp, ok := cat.Provider(p.Type); ok && s.catalog == nil {
			s.byType = &tp
		}
		out = append(out, s)
	}
	for _, cp := range cat.Providers {
		if _, ok := cfg.Providers[cp.ID]; !ok {
			out = append(out, providerSource{name: cp.ID, catalog: &cp})
		}
	}
	return out
}

// resolveProvider merges one provider's catalog entry and config and
// decides whether it is usable.
func resolveProvider(s providerSource, opts ResolveOptions) ResolvedProvider {
	rp := ResolvedProvider{Name: s.name, Configured: s.config != nil, InCatalog: s.catalog != nil, fallback: s.byType}
	base := s.catalog
	if base == nil {
		base = s.byType
	}
	if base != nil {
		rp.Type, rp.BaseURL = base.Type, base.BaseURL
	}
	if s.catalog != nil {
		rp.KeyEnv = s.catalog.APIKeyEnv
		rp.APIKey = opts.Getenv(rp.KeyEnv)
		rp.DefaultLarge, rp.DefaultSmall = s.catalog.DefaultLarge, s.catalog.DefaultSmall
		rp.Models = catalogSpecs(s.catalog.Models)
		if h := s.catalog.HostEnv; h != "" && opts.Getenv(h) != "" {
			rp.BaseURL = OllamaBaseURL(opts.Getenv(h))
		}
	}
	if rp.KeyEnv == "" {
		rp.APIKey = ""
	}
	if c := s.config; c != nil {
		applyProviderConfig(&rp, c, s.byType)
	}
	if s.catalog != nil && s.catalog.Local && opts.Ollama != nil && opts.Ollama.Reachable {
		addInstalled(&rp, opts.Ollama.Models)
	}
	rp.Usable, rp.Reason = usable(rp, s, opts)
	return rp
}

// applyProviderConfig lays the user's entry over the catalog's.
func applyProviderConfig(rp *ResolvedProvider, c *Provider, byType *configs.Provider) {
	if c.Type != "" {
		rp.Type = c.Type
	}
	if c.BaseURL != "" {
		rp.BaseURL = c.BaseURL
	}
	if c.APIKey != "" {
		rp.APIKey = c.APIKey
	}
	rp.Headers = maps.Clone(c.ExtraHeaders)
	rp.ProviderOptions = maps.Clone(c.ProviderOptions)
	rp.Script, rp.Vertex = c.Script, c.Vertex
	if c.Vertex && c.BaseURL == "" {
		// The catalog's URL is the Gemini API's; Vertex picks its own
		// regional endpoint from project and location.
		rp.BaseURL = ""
	}
	for _, m := range c.Models {
		i := slices.IndexFunc(rp.Models, func(s ModelSpec) bool { return s.ID == m.ID })
		var spec ModelSpec
		switch {
		case i >= 0:
			spec = rp.Models[i]
		case byType != nil:
			spec = lookupSpec(byType, m.ID)
		default:
			spec = unknownSpec(m.ID)
		}
		spec = overlayModelInfo(spec, m)
		if i >= 0 {
			rp.Models[i] = spec
		} else {
			rp.Models = append(rp.Models, spec)
		}
	}
	if rp.DefaultLarge == "" && len(c.Models) > 0 {
		rp.DefaultLarge, rp.DefaultSmall = c.Models[0].ID, c.Models[0].ID
	}
}

// usable decides whether calls to the provider can be made now.
func usable(rp ResolvedProvider, s providerSource, opts ResolveOptions) (bool, string) {
	local := s.catalog != nil && s.catalog.Local
	switch {
	case s.config != nil && s.config.Disabled:
		return false, "disabled in config"
	case rp.Type == "":
		return false, "no type configured"
	case rp.Type == TypeFake:
		return true, ""
	case local && s.config == nil && !localEnabled(s.catalog, opts):
		return false, "not detected (start Ollama or set " + s.catalog.HostEnv + ")"
	case rp.APIKey == "" && needsKey(rp, local):
		if rp.KeyEnv != "" {
			return false, rp.KeyEnv + " is not set"
		}
		return false, "no api_key configured"
	case rp.BaseURL == "" && rp.Type == TypeOpenAICompat:
		return false, "no base_url configured"
	}
	return true, ""
}

func localEnabled(cp *configs.Provider, opts ResolveOptions) bool {
	return cp.HostEnv != "" && opts.Getenv(cp.HostEnv) != "" || opts.Ollama != nil && opts.Ollama.Reachable
}

// needsKey reports whether the provider cannot work without a key: every
// provider with a catalog key variable and the first-party protocols
// (except Vertex, which uses Google credentials); a custom openai-compat
// endpoint may be keyless.
func needsKey(rp ResolvedProvider, local bool) bool {
	switch {
	case local:
		return false
	case rp.Type == TypeGemini && rp.Vertex:
		// Vertex authenticates with Application Default Credentials.
		return false
	case rp.KeyEnv != "":
		return true
	case rp.Type == TypeGemini:
		return true
	}
	return rp.Type == TypeOpenAI || rp.Type == TypeAnthropic
}

// addInstalled marks the models a local server reported ("name:latest"
// matches the catalog's "name") and adds the ones the catalog does not
// know; defaults that are not installed move to the first installed model.
func addInstalled(rp *ResolvedProvider, installed []string) {
	var ids []string
	for _, name := range installed {
		i := slices.IndexFunc(rp.Models, func(s ModelSpec) bool {
			return s.ID == name || s.ID == strings.TrimSuffix(name, ":latest")
		})
		if i < 0 {
			rp.Models = append(rp.Models, unknownSpec(name))
			i = len(rp.Models) - 1
		}
		rp.Models[i].Installed = true
		ids = append(ids, rp.Models[i].ID)
	}
	if len(ids) == 0 {
		return
	}
	if !slices.Contains(ids, rp.DefaultLarge) {
		rp.DefaultLarge = ids[0]
	}
	if !slices.Contains(ids, rp.DefaultSmall) {
		rp.DefaultSmall = rp.DefaultLarge
	}
}
