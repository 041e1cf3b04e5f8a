package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

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
	loaded, err := a.Config(ctx)
	if err != nil {
		return configErr(err)
	}
	sessionID, err := rootSession(ctx, a, opts.Session)
	if err != nil {
		return err
	}
	if err := f.needTerminal(); err != nil {
		return usageError(err)
	}
	draft, err := tuiDraft(f)
	if err != nil {
		return usageError(err)
	}
	tuiOpts := tui.Options{
		SessionID: sessionID,
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
		return configErr(err)
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

// rootSession resolves -s (a full id or unique prefix); "" without it.
func rootSession(ctx context.Context, a *app.App, idOrPrefix string) (string, error) {
	if idOrPrefix == "" {
		return "", nil
	}
	st, err := a.Store(ctx)
	if err != nil {
		return "", err
	}
	s, err := resolveSession(ctx, st.Sessions, idOrPrefix)
	if err != nil {
		return "", err
	}
	return s.ID, nil
}

// maxDraft bounds the text piped into the interface's editor.
const maxDraft = 1 << 20

// needTerminal explains what to do when there is no terminal to draw the
// interface on or to read keys from.
func (f *Factory) needTerminal() error {
	const hint = `; to send one prompt without the interface, run: hone run "your prompt"`
	if !f.IO.StdoutIsTerminal {
		return errors.New("the interactive interface needs a terminal, and stdout is not one" + hint)
	}
	if f.IO.StdinIsTerminal {
		return nil
	}
	open := f.OpenTTY
	if open == nil {
		open = openTTY
	}
	if err := open(); err != nil {
		return fmt.Errorf("the interactive interface needs a terminal to read keys from: stdin is not one, "+
			"and the controlling terminal cannot be opened (%v)%s", err, hint)
	}
	return nil
}

// tuiDraft reads text piped into hone: it becomes the editor's content,
// to be read and sent by the user (nothing is sent unasked).
func tuiDraft(f *Factory) (string, error) {
	if !f.IO.StdinIsPipe {
		return "", nil
	}
	text, _, err := startStdin(f.IO.In).read(f.stdinWait(), maxDraft)
	if err != nil {
		return "", fmt.Errorf("piped input: %w; send it with hone run instead, or attach a file with @", err)
	}
	return strings.TrimRight(text, "\r\n\t "), nil
}

// openTTY checks that the controlling terminal can be opened, the way the
// interface opens it when stdin is not a terminal.
func openTTY() error {
	in, out, err := tea.OpenTTY()
	if err != nil {
		return err
	}
	if out != in { // one file on Unix
		_ = out.Close()
	}
	return in.Close()
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
