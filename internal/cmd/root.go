package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/llm/remote"
	"github.com/honecode/hone/internal/procgroup"
)

// RootOptions are the flags of the bare `hone` command (the TUI).
type RootOptions struct {
	Continue bool   // -C/--continue: last session of this project
	Session  string // -s/--session: id or unique prefix
	Yolo     bool   // -y/--yolo: allow everything
	Model    string // -m/--model: provider/model for the large role
}

// Main runs the hone command line with args and returns the exit code.
// The interactive interface and `hone mcp serve` are handed to hone-full
// (see Frontends).
func Main(ctx context.Context, args []string, io IO) int {
	return MainWith(ctx, args, io, handOver(args))
}

// MainWith is Main with the front ends fe: hone-full passes the ones it
// links.
func MainWith(ctx context.Context, args []string, io IO, fe Frontends) int {
	if len(args) > 0 && args[0] == procgroup.ServeArg {
		return serveProcs()
	}
	if len(args) > 0 && args[0] == remote.ServeArg {
		return serveGemini(ctx, fe.Gemini, io)
	}
	f := &Factory{IO: io, Getenv: os.Getenv, Supervisor: supervisorPath(), Frontends: fe}
	root := newRootCmd(f)
	root.SetArgs(args)
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	err := root.ExecuteContext(ctx)
	if cerr := f.close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		var ee *exitError
		if !errors.As(err, &ee) || ee.err != nil {
			fmt.Fprintln(io.Err, "hone:", err)
		}
		if isFlagError(err) {
			return ExitUsage
		}
	}
	return exitCode(err)
}

func newRootCmd(f *Factory) *cobra.Command {
	opts := &RootOptions{}
	root := &cobra.Command{
		Use:           "hone",
		Short:         "Hone is a terminal coding agent",
		Long:          "Hone reads, searches, edits and runs code in your project through a language model, each risky step behind a permission prompt.",
		Args:          rootArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(c *cobra.Command, _ []string) error {
			return runRoot(c.Context(), f, *opts)
		},
	}
	root.SuggestionsMinimumDistance = 2
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	pf := root.PersistentFlags()
	pf.StringVarP(&f.Global.Cwd, "cwd", "c", "", "project working directory (default: current directory)")
	pf.StringVarP(&f.Global.DataDir, "data-dir", "D", "", "data directory (default: $HONE_DATA_DIR or $XDG_DATA_HOME/hone)")
	pf.StringVar(&f.Global.ConfigFile, "config", "", "extra config file, applied after global and project config")
	pf.BoolVarP(&f.Global.Debug, "debug", "d", false, "debug logging")
	pf.BoolVar(&f.Global.TraceLLM, "trace-llm", false, "write every model provider request and response, redacted, to the data directory (sessions show --wire)")
	pf.BoolVar(&f.Global.TraceMCP, "trace-mcp", false, "write every MCP message, redacted, to the data directory (sessions show --wire)")
	fl := root.Flags()
	fl.BoolVarP(&opts.Continue, "continue", "C", false, "continue the last session of this project")
	fl.StringVarP(&opts.Session, "session", "s", "", "open a session by id or unique prefix")
	fl.BoolVarP(&opts.Yolo, "yolo", "y", false, "allow every tool action without asking")
	fl.StringVarP(&opts.Model, "model", "m", "", "model for the large role, as provider/model")
	root.AddCommand(newVersionCmd(f))
	addCommands(root, f)
	markArgErrors(root)
	return root
}

// markArgErrors makes a wrong number or kind of positional arguments a
// usage error (exit 2), like a bad flag, for c and every subcommand.
func markArgErrors(c *cobra.Command) {
	if check := c.Args; check != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil {
				return usageError(err)
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		markArgErrors(sub)
	}
}

func isFlagError(err error) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.code == ExitUsage
}

// rootArgs rejects arguments of the bare hone command: they are a
// mistyped command or a prompt meant for hone run, and the error says
// which command was meant and how to send the prompt.
func rootArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], c.CommandPath())
	if s := c.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return fmt.Errorf("%s\nTo send a prompt without the interface, run: hone run %q", msg, strings.Join(args, " "))
}
