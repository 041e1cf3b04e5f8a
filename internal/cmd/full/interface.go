package full

import (
	"context"
	"fmt"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/app/tuibackend"
	"github.com/honecode/hone/internal/cmd"
	"github.com/honecode/hone/internal/trust"
	"github.com/honecode/hone/internal/tui"
)

// runInterface starts the interactive interface in the working directory;
// hone has already checked the flags, the config, the session and the
// terminal, and set the App's options from the flags (cmd.runRoot).
func runInterface(ctx context.Context, f *cmd.Factory, opts cmd.RootOptions) error {
	a, err := f.App(ctx)
	if err != nil {
		return err
	}
	a.Launcher().Prestart() // git status and tools start through it
	loaded, err := a.Config(ctx)
	if err != nil {
		return cmd.ConfigError(err)
	}
	draft, err := f.Draft()
	if err != nil {
		return err
	}
	tuiOpts := tui.Options{
		SessionID: opts.Session,
		Continue:  opts.Continue,
		NoColor:   f.Getenv("NO_COLOR") != "",
		Getenv:    f.Getenv,
		Draft:     draft,
		Theme:     loaded.Config.Options.TUI.Theme,
		Notify:    loaded.Config.Options.TUI.Notify,
	}
	quit, err := askTrust(ctx, a, &tuiOpts)
	if err != nil || quit {
		return err
	}
	b, err := tuibackend.New(ctx, a)
	if err != nil {
		return cmd.ConfigError(err)
	}
	tuiOpts.SlashCommands = slashCommands(ctx, a)
	if tuiOpts.Notice == "" {
		tuiOpts.Notice = extensionNotice(ctx, a)
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
		return false, cmd.ConfigError(a.TrustProject(ctx))
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

// slashCommands lists the custom commands and user-invocable skills for
// the TUI's palette.
func slashCommands(ctx context.Context, a *app.App) []tui.SlashCommand {
	set, err := a.Extensions(ctx)
	if err != nil {
		return nil
	}
	var out []tui.SlashCommand
	for _, c := range set.Commands {
		out = append(out, tui.SlashCommand{Name: c.Name, Description: c.Description, ArgumentHint: c.ArgumentHint})
	}
	for _, k := range set.Skills {
		if k.UserInvocable {
			out = append(out, tui.SlashCommand{Name: k.Name, Description: k.Description})
		}
	}
	return out
}

// extensionNotice is one line about skill, command and sub-agent files
// with problems ("" when none): the first, and how many more.
func extensionNotice(ctx context.Context, a *app.App) string {
	set, err := a.Extensions(ctx)
	if err != nil || len(set.Warnings) == 0 {
		return ""
	}
	msg := trust.Printable(set.Warnings[0].String())
	if n := len(set.Warnings) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more; hone run lists them)", n)
	}
	return msg
}
