package config

import (
	"slices"

	"github.com/honecode/hone/configs"
)

// catalogSpecs converts catalog models to specs.
func catalogSpecs(models []configs.Model) []ModelSpec {
	out := make([]ModelSpec, 0, len(models))
	for _, m := range models {
		out = append(out, catalogSpec(m))
	}
	return out
}

func catalogSpec(m configs.Model) ModelSpec {
	return ModelSpec{
		ID: m.ID, Name: m.Name, ContextWindow: m.ContextWindow, MaxTokens: m.MaxTokens,
		SupportsImages: m.SupportsImages, SupportsReasoning: m.SupportsReasoning,
		ReasoningLevels:        slices.Clone(m.ReasoningLevels),
		DefaultReasoningEffort: m.DefaultReasoningEffort,
		Prices:                 Prices{m.CostIn, m.CostOut, m.CostCacheRead, m.CostCacheWrite},
		Known:                  true,
	}
}

// lookupSpec returns the catalog provider's spec of id, or an unknown one.
func lookupSpec(p *configs.Provider, id string) ModelSpec {
	if m, ok := p.Model(id); ok {
		return catalogSpec(m)
	}
	return unknownSpec(id)
}

// unknownSpec describes a model nobody described, with safe defaults.
func unknownSpec(id string) ModelSpec {
	return ModelSpec{ID: id, ContextWindow: DefaultContextWindow, MaxTokens: DefaultMaxTokens}
}

// overlayModelInfo applies the fields a config model entry sets.
func overlayModelInfo(s ModelSpec, m ModelInfo) ModelSpec {
	s.Known = true
	if m.Name != "" {
		s.Name = m.Name
	}
	if m.ContextWindow > 0 {
		s.ContextWindow = m.ContextWindow
	}
	if m.MaxTokens > 0 {
		s.MaxTokens = m.MaxTokens
	}
	setIf(&s.SupportsImages, m.SupportsImages)
	setIf(&s.SupportsReasoning, m.SupportsReasoning)
	setIf(&s.Prices.Input, m.CostIn)
	setIf(&s.Prices.Output, m.CostOut)
	setIf(&s.Prices.CacheRead, m.CostCacheRead)
	setIf(&s.Prices.CacheWrite, m.CostCacheWrite)
	return s
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
