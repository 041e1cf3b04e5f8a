package full

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/cmd"
	"github.com/honecode/hone/internal/mcpserve"
)

// runMCPServe serves Hone as an MCP server (`hone mcp serve`).
func runMCPServe(ctx context.Context, f *cmd.Factory, opts cmd.MCPServeOptions) error {
	root, err := f.App(ctx)
	if err != nil {
		return err
	}
	if _, err := root.Config(ctx); err != nil {
		return cmd.ConfigError(err)
	}
	srv, err := mcpserve.NewServer(mcpserve.Options{
		Open: mcpOpener(f.AppOptions()), WorkDir: root.WorkDir(), MaxMode: opts.MaxMode,
		Version: cmd.Version, Logger: root.Logger(),
	})
	if err != nil {
		return cmd.UsageError(err)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if opts.HTTP == "" {
		return mcpserve.ServeStdio(ctx, srv, f.IO.In, f.IO.Out, f.IO.Err)
	}
	ln, err := mcpserve.ListenLoopback(opts.HTTP)
	if errors.Is(err, mcpserve.ErrNotLoopback) {
		return cmd.UsageError(err)
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
