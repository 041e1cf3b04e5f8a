package app

import (
	"context"
	"errors"
	"path/filepath"

	"github.com/honecode/hone/internal/config"
)

type configState struct {
	loaded   *config.Loaded
	resolved *config.Resolved
	// resolveErr is a *config.NoProviderError when nothing is usable;
	// commands that need no model still work.
	resolveErr error
}

// Config loads and merges the config layers once. Its error is a
// *config.ValidationError for invalid files.
func (a *App) Config(ctx context.Context) (*config.Loaded, error) {
	st, err := a.configState(ctx)
	if err != nil {
		return nil, err
	}
	return st.loaded, nil
}

// Resolved returns the usable providers and role candidates. When no
// provider is usable the error is a *config.NoProviderError whose message
// says what would enable one.
func (a *App) Resolved(ctx context.Context) (*config.Resolved, error) {
	st, err := a.configState(ctx)
	if err != nil {
		return nil, err
	}
	return st.resolved, st.resolveErr
}

func (a *App) configState(ctx context.Context) (configState, error) {
	a.cfgMu.Lock()
	defer a.cfgMu.Unlock()
	if a.cfg != nil {
		return *a.cfg, nil
	}
	st, err := a.loadConfig(ctx)
	if err != nil {
		return configState{}, err
	}
	a.cfg = &st
	return st, nil
}

func (a *App) loadConfig(ctx context.Context) (configState, error) {
	mode := a.opts.Mode
	if a.opts.Yolo {
		mode = "yolo"
	}
	loaded, err := config.Load(ctx, config.LoadOptions{
		Cwd:        a.workDir,
		ConfigFile: a.opts.ConfigFile,
		Getenv:     a.opts.Getenv,
		Flags:      config.Overrides{Model: a.opts.Model, SmallModel: a.opts.SmallModel, PermissionMode: mode},
		Trust:      a.TrustStore(),
	})
	if err != nil {
		return configState{}, err
	}
	ro := config.ResolveOptions{Getenv: a.opts.Getenv}
	res, rerr := config.Resolve(&loaded.Config, nil, ro)
	if errors.Is(rerr, config.ErrNoProvider) {
		// Nothing else is usable: a local Ollama enables itself.
		res, rerr = config.ResolveProbing(ctx, &loaded.Config, nil, ro, nil)
	}
	a.secrets.Add(loaded.Config.Secrets()...)
	a.secrets.Add(res.Secrets()...)
	return configState{loaded: loaded, resolved: res, resolveErr: rerr}, nil
}

// ReloadConfig reads the config files again (after onboarding wrote the
// global one) and gives the agent the new role candidates. Permissions,
// tools and servers keep the configuration they were built with.
func (a *App) ReloadConfig(ctx context.Context) error {
	a.env.reload() // a key may have been saved to the secrets file
	st, err := a.loadConfig(ctx)
	if err != nil {
		return err
	}
	a.cfgMu.Lock()
	a.cfg = &st
	a.cfgMu.Unlock()
	svc, built := a.builtServices()
	if !built || st.resolved == nil {
		return st.resolveErr
	}
	large, small, err := svc.clients.roles(st.resolved)
	if err != nil {
		return err
	}
	routing, err := svc.clients.routing(st.resolved, st.loaded.Config.Models)
	if err != nil {
		return err
	}
	svc.coord.SetCandidates(large, small)
	svc.coord.SetRouting(routing)
	return st.resolveErr
}

// configDir is the directory of the --config file (fake scripts resolve
// against it), else the working directory.
func (a *App) configDir() string {
	if a.opts.ConfigFile != "" {
		if abs, err := filepath.Abs(a.opts.ConfigFile); err == nil {
			return filepath.Dir(abs)
		}
	}
	return a.workDir
}
