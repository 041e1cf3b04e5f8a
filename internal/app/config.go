package app

import (
	"context"
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
	return a.cfg.get(func() (configState, error) {
		mode := ""
		if a.opts.Yolo {
			mode = "yolo"
		}
		loaded, err := config.Load(ctx, config.LoadOptions{
			Cwd:        a.workDir,
			ConfigFile: a.opts.ConfigFile,
			Getenv:     a.opts.Getenv,
			Flags:      config.Overrides{Model: a.opts.Model, SmallModel: a.opts.SmallModel, PermissionMode: mode},
		})
		if err != nil {
			return configState{}, err
		}
		res, rerr := config.Resolve(&loaded.Config, nil, config.ResolveOptions{Getenv: a.opts.Getenv})
		return configState{loaded: loaded, resolved: res, resolveErr: rerr}, nil
	})
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
