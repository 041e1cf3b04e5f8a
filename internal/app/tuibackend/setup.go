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
