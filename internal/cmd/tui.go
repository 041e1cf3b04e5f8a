package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/app/tuibackend"
	"github.com/honecode/hone/internal/trust"
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
	tuiOpts := tui.Options{
		Continue: opts.Continue,
		NoColor:  f.Getenv("NO_COLOR") != "",
		Getenv:   f.Getenv,
	}
	quit, err := askTrust(ctx, a, &tuiOpts)
	if err != nil || quit {
		return err
	}
	if opts.Session != "" {
		st, err := a.Store(ctx)
		if err != nil {
			return err
		}
		s, err := resolveSession(ctx, st.Sessions, opts.Session)
		if err != nil {
			return err
		}
		tuiOpts.SessionID = s.ID
	}
	b, err := tuibackend.New(ctx, a)
	if err != nil {
		return configErr(err)
	}
	return tui.Run(ctx, b, tuiOpts)
}

// askTrust asks, before any service is built, whether to trust a project
// whose config has executable parts the user has not trusted yet.
// Trusting reloads the config with them; "not now" leaves a notice for
// the chat screen. quit is set when the user chose to quit.
func askTrust(ctx context.Context, a *app.App, opts *tui.Options) (quit bool, err error) {
	dec, err := a.Trust(ctx)
	if err != nil || !dec.NeedsAsk() {
		return false, err
	}
	answer, err := tui.AskTrust(ctx, trustRequest(dec), *opts)
	switch {
	case err != nil:
		return true, err
	case answer == tui.TrustYes:
		return false, configErr(a.TrustProject(ctx))
	case answer == tui.TrustNotNow:
		opts.Notice = fmt.Sprintf("project config not trusted: %d part(s) ignored (hone trust to use them)", len(dec.Parts))
		return false, nil
	}
	return true, nil
}

func trustRequest(dec trust.Decision) tui.TrustRequest {
	req := tui.TrustRequest{Dir: trust.Printable(dec.Dir), File: trust.Printable(dec.File)}
	for _, p := range dec.Parts {
		req.Parts = append(req.Parts, tui.TrustPart{Path: p.Path, Summary: p.Summary})
	}
	return req
}
