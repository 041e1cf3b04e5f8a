// Package app builds every service from configuration and owns their
// lifetimes: New constructs lazily what a command needs, Close releases it.
// It holds no business logic.
package app

import "context"

// Options selects the project, data and config locations.
type Options struct {
	Cwd        string
	DataDir    string
	ConfigFile string
	Debug      bool
	Getenv     func(string) string
}

// App is the set of services a front end uses.
type App struct {
	opts Options
}

// New builds the App for opts.
func New(ctx context.Context, opts Options) (*App, error) {
	_ = ctx
	return &App{opts: opts}, nil
}

// Close releases every service.
func (a *App) Close() error { return nil }
