package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/app"
)

// runRoot checks the flags, the config, the session asked for and the
// terminal, in that order, and then starts the interactive interface
// through the front ends.
func runRoot(ctx context.Context, f *Factory, opts RootOptions) error {
	if opts.Continue && opts.Session != "" {
		return usageError(errors.New("--continue and --session cannot be used together"))
	}
	f.Options = func(o *app.Options) { o.Model, o.Yolo = opts.Model, opts.Yolo }
	id, err := checkRoot(ctx, f, opts)
	if err != nil {
		return err
	}
	opts.Session = id
	if err := f.needTerminal(); err != nil {
		return usageError(err)
	}
	if f.Frontends.Interface == nil {
		return errors.New("this build has no interactive interface")
	}
	return f.Frontends.Interface(ctx, f, opts)
}

// checkRoot reports an invalid config or an unknown session before the
// interface starts, as usage errors, and returns the session's full id
// ("" without -s).
func checkRoot(ctx context.Context, f *Factory, opts RootOptions) (string, error) {
	a, err := f.App(ctx)
	if err != nil {
		return "", err
	}
	if _, err := a.Config(ctx); err != nil {
		return "", configErr(err)
	}
	if opts.Session == "" {
		return "", nil
	}
	st, err := a.Store(ctx)
	if err != nil {
		return "", err
	}
	s, err := resolveSession(ctx, st.Sessions, opts.Session)
	return s.ID, err
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

// Draft reads text piped into hone: it becomes the interface editor's
// content, to be read and sent by the user (nothing is sent unasked).
func (f *Factory) Draft() (string, error) {
	if !f.IO.StdinIsPipe {
		return "", nil
	}
	text, _, err := startStdin(f.IO.In).read(f.stdinWait(), maxDraft)
	if err != nil {
		return "", usageError(fmt.Errorf("piped input: %w; send it with hone run instead, or attach a file with @", err))
	}
	return strings.TrimRight(text, "\r\n\t "), nil
}
