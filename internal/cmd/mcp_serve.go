package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/mcpserve"
)

// MCPServeOptions are the flags of `hone mcp serve`.
type MCPServeOptions struct {
	HTTP    string // loopback HOST:PORT; "" serves stdio
	MaxMode string
}

func newMCPServeCmd(f *Factory) *cobra.Command {
	opts := &MCPServeOptions{}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve Hone as an MCP server (tools hone and hone_reply) on stdio or loopback HTTP",
		Long: `Serve makes Hone a Model Context Protocol server for other agents. Its hone tool runs a
task in a new session of a directory and returns the final answer and the session id; hone_reply
continues a session. Nobody can answer permission prompts, so whatever the call's permission mode
and the rules do not allow is denied, as in "hone run". See docs/mcp-server.md.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runMCPServe(c.Context(), f, *opts)
		},
	}
	c.Flags().StringVar(&opts.HTTP, "http", "", "serve streamable HTTP on this loopback address (127.0.0.1:PORT) instead of stdio")
	c.Flags().StringVar(&opts.MaxMode, "max-mode", "yolo", "loosest permission mode a caller may ask for: plan, default, accept-edits or yolo")
	return c
}

func runMCPServe(ctx context.Context, f *Factory, opts MCPServeOptions) error {
	root, err := f.App(ctx)
	if err != nil {
		return err
	}
	if _, err := root.Config(ctx); err != nil {
		return configErr(err)
	}
	srv, err := mcpserve.NewServer(mcpserve.Options{
		Open: mcpOpener(f.appOptions()), WorkDir: root.WorkDir(), MaxMode: opts.MaxMode,
		Version: Version, Logger: root.Logger(),
	})
	if err != nil {
		return usageError(err)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if opts.HTTP == "" {
		return mcpserve.ServeStdio(ctx, srv, f.IO.In, f.IO.Out, f.IO.Err)
	}
	ln, err := mcpserve.ListenLoopback(opts.HTTP)
	if errors.Is(err, mcpserve.ErrNotLoopback) {
		return usageError(err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(f.IO.Err, "hone: MCP server at http://%s%s\n", ln.Addr(), mcpserve.Endpoint)
	return mcpserve.ServeHTTP(ctx, srv, ln)
}

// mcpOpener opens, for each call, a non-interactive App in the call's
// directory with its model and permission mode, and waits for its MCP
// servers as `hone run` does.
func mcpOpener(base app.Options) mcpserve.Opener {
	return func(ctx context.Context, o mcpserve.OpenOptions) (_ *mcpserve.Workspace, err error) {
		opts := base
		opts.Cwd, opts.Model, opts.Mode, opts.NonInteractive = o.Cwd, o.Model, o.PermissionMode, true
		a, err := app.New(ctx, opts)
		if err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				_ = a.Close()
			}
		}()
		if _, err := a.Resolved(ctx); err != nil {
			return nil, err
		}
		coord, err := a.Agent(ctx)
		if err != nil {
			return nil, err
		}
		st, err := a.Store(ctx)
		if err != nil {
			return nil, err
		}
		if err := errors.Join(a.StartServers(ctx), a.WaitServers(ctx)); err != nil {
			return nil, err
		}
		return &mcpserve.Workspace{WorkDir: a.WorkDir(), Agent: coord, Sessions: st.Sessions, Close: a.Close}, nil
	}
}
