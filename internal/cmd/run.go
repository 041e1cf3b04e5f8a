package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/run"
	"github.com/honecode/hone/internal/trust"
)

// RunOptions are the flags and arguments of `hone run`.
type RunOptions struct {
	Args       []string
	Model      string
	SmallModel string
	Continue   bool
	Session    string
	Quiet      bool
	Format     string
	MaxSteps   int
	MaxCost    float64
	Yolo       bool
	Mode       string
}

func newRunCmd(f *Factory) *cobra.Command {
	opts := &RunOptions{}
	c := &cobra.Command{
		Use:   "run [prompt...]",
		Short: "Run one request without the interface and print the answer",
		Long: `Run sends the prompt to the model and lets it work with tools until it is done.
The answer streams to stdout; tool activity, failovers and denials go to stderr.
Text piped to stdin is prepended to the prompt when it starts arriving within a
second (an open pipe nobody writes to is ignored, with a note); a "-" argument
waits for stdin to end, however long it takes. Without --yolo, anything the
permission mode and rules do not allow is denied (nobody is there to ask).
Exit codes are listed in docs/exit-codes.md.`,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Args = args
			return runRun(c.Context(), f, *opts)
		},
	}
	fl := c.Flags()
	fl.StringVarP(&opts.Model, "model", "m", "", "model for the large role, as provider/model")
	fl.StringVar(&opts.SmallModel, "small-model", "", "model for titles and summaries, as provider/model")
	fl.BoolVarP(&opts.Continue, "continue", "C", false, "continue the last session of this project")
	fl.StringVarP(&opts.Session, "session", "s", "", "continue a session by id or unique prefix")
	fl.BoolVarP(&opts.Quiet, "quiet", "q", false, "print only the answer (no tool activity on stderr)")
	fl.StringVar(&opts.Format, "output-format", "text", "output format: text, json or stream-json")
	fl.IntVar(&opts.MaxSteps, "max-steps", 0, "stop after this many model steps (default from config, else 100)")
	fl.Float64Var(&opts.MaxCost, "max-cost", 0, "stop before a step that would make the turn cost more than this many USD")
	fl.BoolVarP(&opts.Yolo, "yolo", "y", false, "allow every tool action without asking")
	fl.StringVar(&opts.Mode, "mode", "", "permission mode: default, accept-edits, auto, plan or yolo (default from config)")
	return c
}

func runRun(ctx context.Context, f *Factory, opts RunOptions) error {
	tuneGC(f.Getenv)
	format, err := parseFormat(opts.Format)
	if err != nil {
		return usageError(err)
	}
	if opts.Continue && opts.Session != "" {
		return usageError(errors.New("--continue and --session cannot be used together"))
	}
	if opts.Mode != "" {
		if _, ok := config.ModeStrictness(opts.Mode); !ok {
			return usageError(fmt.Errorf("--mode %q: want one of %s", opts.Mode, strings.Join(config.PermissionModes(), ", ")))
		}
	}
	f.Options = func(o *app.Options) {
		o.Model, o.SmallModel, o.Yolo, o.NonInteractive = opts.Model, opts.SmallModel, opts.Yolo, true
		o.TurnAtStart = true
		o.Mode = opts.Mode
	}
	a, err := f.App(ctx)
	if err != nil {
		return err
	}
	// Before stdin is read, so that hone-full gets it whole.
	if err := f.exportOrHandOver(ctx, a); err != nil {
		return configErr(err)
	}
	prompt, err := runPrompt(f, opts.Args)
	if err != nil {
		return usageError(err)
	}
	// No supervisor is started ahead: the turn's git status starts it
	// (in a repository only), and a run that starts no process never pays
	// for it.
	loaded, err := a.Config(ctx)
	if err != nil {
		return configErr(err)
	}
	// Never asks: an untrusted project's executable parts are left out,
	// and one line says so (also with -q).
	warnUntrusted(f.IO.Err, loaded)
	res, err := a.Resolved(ctx)
	if err != nil {
		return configErr(err)
	}
	if !opts.Quiet {
		printConfigNotes(f.IO.Err, loaded.Warnings, res.Skipped)
		printExtensionNotes(ctx, f.IO.Err, a)
	}
	coord, err := a.Agent(ctx)
	if err != nil {
		return configErr(err)
	}
	st, err := a.Store(ctx)
	if err != nil {
		return err
	}
	ctx, stop := run.NotifyInterrupt(ctx, os.Exit)
	defer stop()
	// MCP tools must be registered before the first request.
	if err := a.StartServers(ctx); err != nil {
		return err
	}
	if err := a.WaitServers(ctx); err != nil {
		return err
	}
	code, err := run.Execute(ctx, run.Deps{Agent: coord, Sessions: st.Sessions}, run.Options{
		Prompt:     prompt,
		ProjectDir: a.WorkDir(),
		SessionID:  opts.Session,
		Continue:   opts.Continue,
		Format:     format,
		Quiet:      opts.Quiet,
		MaxSteps:   opts.MaxSteps,
		MaxCost:    opts.MaxCost,
	}, run.IO{Out: f.IO.Out, Err: f.IO.Err})
	if code == 0 && err == nil {
		return nil
	}
	return withCode(int(code), err)
}

func parseFormat(s string) (run.Format, error) {
	switch f := run.Format(s); f {
	case run.FormatText, run.FormatJSON, run.FormatStreamJSON:
		return f, nil
	}
	return "", fmt.Errorf("--output-format %q: want text, json or stream-json", s)
}

// configErr marks configuration problems (invalid files, no usable
// provider) as usage errors: exit 2.
func configErr(err error) error {
	if errors.Is(err, config.ErrInvalid) || errors.Is(err, config.ErrNoProvider) {
		return usageError(err)
	}
	return err
}

// printConfigNotes writes config warnings and skipped candidates to w, one
// per line, so a typo in hone.json does not go unnoticed.
func printConfigNotes(w io.Writer, warnings []config.Diagnostic, skipped []string) {
	for _, d := range warnings {
		fmt.Fprintln(w, "hone: config:", d.String())
	}
	for _, s := range skipped {
		fmt.Fprintln(w, "hone: model skipped:", s)
	}
}

// printExtensionNotes prints the problems of skill, command and
// sub-agent files (file:line: field: message).
func printExtensionNotes(ctx context.Context, w io.Writer, a *app.App) {
	set, err := a.Extensions(ctx)
	if err != nil {
		return
	}
	for _, warn := range set.Warnings {
		fmt.Fprintln(w, "hone: extension:", trust.Printable(warn.String()))
	}
}

// runPrompt builds hone run's prompt from its arguments and stdin. A "-"
// argument (not part of the prompt) reads stdin to its end, however long
// that takes. Otherwise piped stdin is used when its first bytes (or its
// end) arrive within StdinWait, and ignored with a note when they do not.
func runPrompt(f *Factory, args []string) (string, error) {
	dash := slices.Contains(args, "-")
	args = slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "-" })
	wait := f.stdinWait()
	if dash {
		wait = 0
	}
	stdin := ""
	if dash || f.IO.StdinIsPipe {
		text, arrived, err := startStdin(f.IO.In).read(wait, MaxStdin)
		if err != nil {
			return "", err
		}
		if !arrived {
			fmt.Fprintf(f.IO.Err, "hone: stdin: nothing arrived within %s; ignored (pass - to wait for it)\n", wait)
		}
		stdin = text
	}
	prompt := run.Prompt(args, stdin)
	if prompt == "" {
		return "", errors.New(`no prompt: pass it as arguments (hone run "…"), or pipe it and pass - to wait for it`)
	}
	return prompt, nil
}
