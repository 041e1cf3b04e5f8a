package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/mcpauth"
)

// MCPListOptions are the inputs of `hone mcp list`.
type MCPListOptions struct {
	Load config.LoadOptions
	// DataDir holds the servers' OAuth credentials.
	DataDir string
	JSON    bool
}

// newMCPCmd is `hone mcp`: without a subcommand it shows every server's
// state, like `hone mcp list`.
func newMCPCmd(f *Factory) *cobra.Command {
	list := newMCPListCmd(f, nil)
	c := &cobra.Command{
		Use:   "mcp",
		Short: "Show the configured MCP servers; log in to and out of remote ones",
		Long: "MCP servers are configured under \"mcp\" in hone.json. Hone starts them in the background at launch " +
			"and offers each of their tools to the model as mcp_<server>_<tool>. Without a subcommand, " +
			"shows each server's state: connected, needs login, failed (with the reason) or disabled.",
		Args: cobra.NoArgs,
		RunE: list.RunE,
	}
	c.Flags().AddFlagSet(list.Flags())
	c.AddCommand(list, newMCPLoginCmd(f, nil), newMCPLogoutCmd(f, nil), newMCPServeCmd(f))
	return c
}

// newMCPListCmd is `hone mcp list`; tests pass runF to see the options.
func newMCPListCmd(f *Factory, runF func(context.Context, *MCPListOptions) error) *cobra.Command {
	opts := &MCPListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "Connect to every MCP server and show its state and tools",
		Long: "Starts every enabled MCP server as Hone does at launch, waits for each up to its start timeout, " +
			"then prints its transport, state (connected, needs login, failed with the reason, or disabled) and tools.",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Load = configLoadOptions(c.Context(), f)
			dir, err := dataDirOf(f)
			if err != nil {
				return err
			}
			opts.DataDir = dir
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runMCPList(c.Context(), opts, f.IO)
		},
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return c
}

func runMCPList(ctx context.Context, opts *MCPListOptions, io IO) error {
	loaded, err := config.Load(ctx, opts.Load)
	if errors.Is(err, config.ErrInvalid) {
		return usageError(err)
	}
	if err != nil {
		return err
	}
	warnUntrusted(io.Err, loaded)
	mo := mcp.Options{Servers: loaded.Config.MCP, WorkDir: workDirOf(opts.Load), Version: Version, Env: childEnv(loaded.Config)}
	if opts.DataDir != "" {
		mo.Auth = &mcp.AuthOptions{Store: mcpauth.NewStore(opts.DataDir)}
	}
	m := mcp.New(mo)
	defer m.Close()
	m.Start(ctx)
	if err := m.WaitReady(ctx); err != nil {
		return err
	}
	states := m.States()
	if opts.JSON {
		return printJSON(io.Out, states)
	}
	if len(states) == 0 {
		fmt.Fprintln(io.Err, `no MCP servers configured (add them under "mcp" in hone.json)`)
		return nil
	}
	tw := tabwriter.NewWriter(io.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTRANSPORT\tSTATE\tTOOLS\tDETAIL")
	for _, s := range states {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", s.Name, s.Transport, s.State.Label(), len(s.Tools), oneLine(s.Error))
	}
	return tw.Flush()
}

// oneLine keeps a table cell on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// dataDirOf is the data directory the App would use (--data-dir, else
// the database package's default), without building the App.
func dataDirOf(f *Factory) (string, error) {
	dir := f.Global.DataDir
	if dir == "" {
		var err error
		if dir, err = db.DataDirFrom(f.Getenv); err != nil {
			return "", fmt.Errorf("data directory: %w", err)
		}
	}
	return filepath.Abs(dir)
}
