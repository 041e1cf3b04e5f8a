package cmd

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/mcpauth"
)

// loginTimeout is how long `hone mcp login` waits for the browser.
const loginTimeout = 5 * time.Minute

// MCPLoginOptions are the inputs of `hone mcp login` and `logout`.
type MCPLoginOptions struct {
	Load    config.LoadOptions
	DataDir string
	Name    string
	// NoBrowser only prints the authorization URL.
	NoBrowser bool
	// Open replaces the browser (tests); nil prints the URL and, unless
	// NoBrowser, opens the system browser.
	Open mcpauth.Opener
}

// newMCPLoginCmd is `hone mcp login NAME`; tests pass runF.
func newMCPLoginCmd(f *Factory, runF func(context.Context, *MCPLoginOptions) error) *cobra.Command {
	opts := &MCPLoginOptions{}
	c := &cobra.Command{
		Use:   "login NAME",
		Short: "Authorize Hone with a remote MCP server (OAuth in the browser)",
		Long: "Connects to the http or sse server NAME and, when it asks for authorization, runs the OAuth " +
			"authorization code flow with PKCE: prints the authorization URL (and opens the browser), waits on a " +
			"loopback address for the browser to come back, and stores the tokens in the data directory (mode 0600).",
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if err := fillLoginOptions(c.Context(), f, opts, args[0]); err != nil {
				return err
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runMCPLogin(c.Context(), opts, f.IO)
		},
	}
	c.Flags().BoolVar(&opts.NoBrowser, "no-browser", false, "only print the authorization URL")
	return c
}

// newMCPLogoutCmd is `hone mcp logout NAME`; tests pass runF.
func newMCPLogoutCmd(f *Factory, runF func(context.Context, *MCPLoginOptions) error) *cobra.Command {
	opts := &MCPLoginOptions{}
	return &cobra.Command{
		Use:   "logout NAME",
		Short: "Forget the tokens and registration Hone keeps for a remote MCP server",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if err := fillLoginOptions(c.Context(), f, opts, args[0]); err != nil {
				return err
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runMCPLogout(c.Context(), opts, f.IO)
		},
	}
}

func fillLoginOptions(ctx context.Context, f *Factory, opts *MCPLoginOptions, name string) error {
	opts.Load, opts.Name = configLoadOptions(ctx, f), name
	dir, err := dataDirOf(f)
	opts.DataDir = dir
	return err
}

// remoteServer loads the config and returns the http or sse server name.
func remoteServer(ctx context.Context, load config.LoadOptions, name string) (config.MCPServer, error) {
	loaded, err := config.Load(ctx, load)
	if errors.Is(err, config.ErrInvalid) {
		return config.MCPServer{}, usageError(err)
	}
	if err != nil {
		return config.MCPServer{}, err
	}
	s, ok := loaded.Config.MCP[name]
	switch {
	case !ok && loaded.Trust.Drops("mcp."+name):
		return s, usageError(fmt.Errorf("MCP server %q is in the config of %s, which is not trusted: run `hone trust` first", name, loaded.Trust.Dir))
	case !ok:
		return s, usageError(fmt.Errorf("no MCP server %q in the config", name))
	case config.MCPType(s) == mcp.TransportStdio:
		return s, usageError(fmt.Errorf("MCP server %q runs locally (stdio); only http and sse servers log in", name))
	}
	return s, nil
}

func runMCPLogin(ctx context.Context, opts *MCPLoginOptions, io IO) error {
	s, err := remoteServer(ctx, opts.Load, opts.Name)
	if err != nil {
		return err
	}
	store := mcpauth.NewStore(opts.DataDir)
	forget := mcpauth.New(mcpauth.Options{Server: opts.Name, URL: s.URL, Store: store})
	if err := forget.ForgetToken(); err != nil {
		return err
	}
	open := opts.Open
	if open == nil {
		open = browserOpener(io, opts.NoBrowser)
	}
	s.Disabled, s.Timeout = false, int(loginTimeout/time.Second)
	m := mcp.New(mcp.Options{Servers: map[string]config.MCPServer{opts.Name: s}, WorkDir: workDirOf(opts.Load),
		Version: Version, Auth: &mcp.AuthOptions{Store: store, Open: open}})
	defer m.Close()
	m.Start(ctx)
	if err := m.WaitReady(ctx); err != nil {
		return err
	}
	st := m.States()[0]
	if st.State != mcp.StateConnected {
		return fmt.Errorf("log in to %s: %s: %s", opts.Name, st.State.Label(), st.Error)
	}
	if rec, err := store.Load(opts.Name, s.URL); err == nil && rec.Token == nil {
		fmt.Fprintf(io.Out, "%s asked for no authorization; connected (%d tools).\n", opts.Name, len(st.Tools))
		return nil
	}
	fmt.Fprintf(io.Out, "Logged in to %s (%d tools).\n", opts.Name, len(st.Tools))
	return nil
}

func runMCPLogout(ctx context.Context, opts *MCPLoginOptions, io IO) error {
	s, err := remoteServer(ctx, opts.Load, opts.Name)
	if err != nil {
		return err
	}
	c := mcpauth.New(mcpauth.Options{Server: opts.Name, URL: s.URL, Store: mcpauth.NewStore(opts.DataDir)})
	removed, err := c.Logout()
	if err != nil {
		return err
	}
	if !removed {
		fmt.Fprintf(io.Err, "Hone kept no credentials for %s.\n", opts.Name)
		return nil
	}
	fmt.Fprintf(io.Out, "Logged out of %s.\n", opts.Name)
	return nil
}

// browserOpener prints the authorization URL and, unless noBrowser,
// tries to open it in the system browser.
func browserOpener(io IO, noBrowser bool) mcpauth.Opener {
	return func(ctx context.Context, authURL string) error {
		fmt.Fprintf(io.Err, "Open this URL to authorize Hone (waiting up to %s):\n\n  %s\n\n", loginTimeout, authURL)
		if !noBrowser {
			openBrowser(ctx, authURL)
		}
		return nil
	}
}

// openBrowser asks the desktop to open u; failures are ignored (the URL
// is printed).
func openBrowser(ctx context.Context, u string) {
	name := "xdg-open"
	if runtime.GOOS == "darwin" {
		name = "open"
	}
	cmd := exec.CommandContext(ctx, name, u)
	if cmd.Start() == nil {
		go func() { _ = cmd.Wait() }()
	}
}
