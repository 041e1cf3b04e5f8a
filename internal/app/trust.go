package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/trust"
)

// TrustStore is the trust store of the data directory: which projects
// the user trusts to run what their config says.
func (a *App) TrustStore() *trust.Store { return trust.Open(a.dataDir) }

// Trust is the decision on the project's config: its executable parts and
// whether they apply. Front ends that can ask show it when NeedsAsk.
func (a *App) Trust(ctx context.Context) (trust.Decision, error) {
	loaded, err := a.Config(ctx)
	if err != nil {
		return trust.Decision{}, err
	}
	return loaded.Trust, nil
}

// TrustProject records that the user trusts the project's config as it is
// now and reloads the configuration, so its executable parts apply. Call
// it before the services are built (the TUI asks first): servers,
// permissions and tools keep the configuration they were built with.
func (a *App) TrustProject(ctx context.Context) error {
	dec, err := a.Trust(ctx)
	if err != nil {
		return err
	}
	if err := a.TrustStore().Trust(dec.Entry()); err != nil {
		return fmt.Errorf("trust project: %w", err)
	}
	// No usable provider is no failure here: the TUI then onboards.
	if err := a.ReloadConfig(ctx); err != nil && !errors.Is(err, config.ErrNoProvider) {
		return err
	}
	return nil
}
