package tuibackend

import (
	"context"
	"fmt"
	"strings"

	"github.com/honecode/hone/configs"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/tui"
)

// SetupStatus reports whether a provider is usable and lists the
// catalog's providers with the variable each needs.
func (b *Backend) SetupStatus(ctx context.Context) (tui.SetupStatus, error) {
	res, _ := b.app.Resolved(ctx)
	large, _ := b.coord.Candidates()
	st := tui.SetupStatus{Ready: res != nil && len(res.Usable()) > 0 && len(large) > 0}
	if st.Ready && !b.installed(ctx, large[0].Provider, large[0].Model) {
		st.Ready = false // onboarding offers the models that are installed
	}
	cat, err := configs.Default()
	if err != nil {
		return st, fmt.Errorf("setup: %w", err)
	}
	for _, p := range cat.Providers {
		info := tui.ProviderInfo{
			Name: p.ID, Type: p.Type, EnvVar: p.APIKeyEnv,
			DefaultLarge: p.DefaultLarge, DefaultSmall: p.DefaultSmall,
		}
		if p.APIKeyEnv != "" {
			info.KeySet = b.app.Getenv(p.APIKeyEnv) != ""
		}
		for _, m := range p.Models {
			info.Models = append(info.Models, m.ID)
		}
		st.Providers = append(st.Providers, info)
	}
	return st, nil
}

// DetectOllama probes a local Ollama (OLLAMA_HOST or the default address).
func (b *Backend) DetectOllama(ctx context.Context) (tui.OllamaInfo, error) {
	base := config.OllamaBaseURL(b.app.Getenv("OLLAMA_HOST"))
	st, err := config.DetectOllama(ctx, nil, base)
	if err != nil || st == nil || !st.Reachable {
		return tui.OllamaInfo{BaseURL: base}, nil
	}
	return tui.OllamaInfo{Found: true, BaseURL: st.BaseURL, Models: st.Models}, nil
}

// SaveSetup writes the selection into the global config (the key only as
// a $VAR reference) and reloads the configuration.
func (b *Backend) SaveSetup(ctx context.Context, sel tui.ProviderSelection) error {
	path := config.GlobalPath(b.app.Getenv)
	if path == "" {
		return fmt.Errorf("setup: no home directory for the global config")
	}
	if sel.APIKey != "" {
		name := strings.Trim(strings.TrimPrefix(sel.APIKeyRef, "$"), "{}")
		if err := config.SaveSecret(config.SecretsPath(b.app.Getenv), name, sel.APIKey); err != nil {
			return fmt.Errorf("setup: %w", err)
		}
	}
	err := config.SaveSelection(path, config.Selection{
		Provider: sel.Provider, Type: sel.Type, BaseURL: sel.BaseURL,
		APIKeyRef: sel.APIKeyRef, Large: sel.Large, Small: sel.Small,
	})
	if err != nil {
		return err
	}
	return b.app.ReloadConfig(ctx)
}

// installed reports whether the model Hone picked by default is there to
// answer: for a local Ollama chosen without a configured model, whether
// its /api/tags lists the model (docs/config.md); true for everything
// else, and when the server cannot be asked (the first request says why).
func (b *Backend) installed(ctx context.Context, provider, model string) bool {
	if provider != "ollama" {
		return true
	}
	if loaded, err := b.app.Config(ctx); err != nil || len(loaded.Config.Models.Large) > 0 {
		return true // the user chose it: respect it
	}
	st, err := config.DetectOllama(ctx, nil, config.OllamaBaseURL(b.app.Getenv("OLLAMA_HOST")))
	if err != nil || st == nil || !st.Reachable {
		return true
	}
	for _, m := range st.Models {
		if m == model || strings.TrimSuffix(m, ":latest") == model {
			return true
		}
	}
	return false
}
