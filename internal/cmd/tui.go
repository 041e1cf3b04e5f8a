package cmd

import (
	"context"
	"errors"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/app/tuibackend"
	"github.com/honecode/hone/internal/tui"
)

// runRoot starts the interactive TUI in the working directory.
func runRoot(ctx context.Context, f *Factory, opts RootOptions) error {
	if opts.Continue && opts.Session != "" {
		return usageError(errors.New("--continue and --session cannot be used together"))
	}
	f.Options = func(o *app.Options) { o.Model, o.Yolo = opts.Model, opts.Yolo }
	a, err := f.App(ctx)
	if err != nil {
		return err
	}
	if _, err := a.Config(ctx); err != nil {
		return configErr(err)
	}
	sessionID := ""
	if opts.Session != "" {
		st, err := a.Store(ctx)
		if err != nil {
			return err
		}
		s, err := resolveSession(ctx, st.Sessions, opts.Session)
		if err != nil {
			return err
		}
		sessionID = s.ID
	}
	b, err := tuibackend.New(ctx, a)
	if err != nil {
		return configErr(err)
	}
	return tui.Run(ctx, b, tui.Options{
		SessionID: sessionID,
		Continue:  opts.Continue,
		NoColor:   f.Getenv("NO_COLOR") != "",
		Getenv:    f.Getenv,
	})
}
