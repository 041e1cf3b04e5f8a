package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/lsp"
)

// LSPListOptions are the inputs of `hone lsp list`.
type LSPListOptions struct {
	Load config.LoadOptions
	JSON bool
}

// newLSPCmd is `hone lsp`.
func newLSPCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "lsp",
		Short: "Inspect the language servers",
		Long: "Language servers are configured under \"lsp\" in hone.json; gopls is used without config when it is " +
			"on PATH and the project is a Go module. Hone starts a server on the first file of its type.",
		Args: cobra.NoArgs,
	}
	c.AddCommand(newLSPListCmd(f, nil))
	return c
}

// newLSPListCmd is `hone lsp list`; tests pass runF to see the options.
func newLSPListCmd(f *Factory, runF func(context.Context, *LSPListOptions) error) *cobra.Command {
	opts := &LSPListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "Start the project's language servers and show their state",
		Long: "Starts every enabled language server that serves the project directory, waits for its handshake " +
			"(up to its timeout), then prints its command, file types, state and how it delivers diagnostics. " +
			"Servers that cannot serve this project are listed as idle.",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Load = configLoadOptions(c.Context(), f)
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runLSPList(c.Context(), opts, f.IO)
		},
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return c
}

func runLSPList(ctx context.Context, opts *LSPListOptions, io IO) error {
	loaded, err := config.Load(ctx, opts.Load)
	if errors.Is(err, config.ErrInvalid) {
		return usageError(err)
	}
	if err != nil {
		return err
	}
	warnUntrusted(io.Err, loaded)
	m := lsp.New(lsp.Options{Servers: loaded.Config.LSP, WorkDir: workDirOf(opts.Load), Version: Version, Env: childEnv(loaded.Config)})
	defer m.Close()
	if err := m.Start(ctx); err != nil {
		return err
	}
	states := m.States()
	if opts.JSON {
		if states == nil {
			states = []lsp.Status{}
		}
		return printJSON(io.Out, states)
	}
	if len(states) == 0 {
		fmt.Fprintln(io.Err, `no language servers configured (add them under "lsp" in hone.json; gopls is found on PATH)`)
		return nil
	}
	tw := tabwriter.NewWriter(io.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tCOMMAND\tFILETYPES\tSTATE\tDIAGNOSTICS\tDETAIL")
	for _, s := range states {
		detail := oneLine(s.Error)
		if s.Root != "" && detail == "" {
			detail = "root " + s.Root
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", s.Name, s.Command, strings.Join(s.Filetypes, ","),
			s.State, orDash(s.Diagnostics), detail)
	}
	return tw.Flush()
}

// workDirOf is the directory commands run servers in: --cwd, else the
// current directory.
func workDirOf(load config.LoadOptions) string {
	if load.Cwd != "" {
		return load.Cwd
	}
	dir, _ := os.Getwd()
	return dir
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
