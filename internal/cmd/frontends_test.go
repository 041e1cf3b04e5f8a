package cmd

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/session"
)

// The bare command checks flags, config and terminal, then calls the
// interface front end with an App already built from its flags (--yolo
// here), as hone-full's interface uses it.
func TestInterfaceGetsAnAppBuiltWithItsFlags(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HONE_DATA_DIR", t.TempDir())
	proj := projectDir(t)
	cfg := writeFakeConfig(t, `{"turns": ["unused"]}`, ``)
	var mode permission.Mode
	called := false
	fe := Frontends{Interface: func(ctx context.Context, f *Factory, opts RootOptions) error {
		called = true
		a, err := f.App(ctx)
		if err != nil {
			return err
		}
		p, err := a.Permissions(ctx)
		if err != nil {
			return err
		}
		mode = p.Mode()
		return nil
	}}
	io, _, errOut := testIO("")
	io.StdoutIsTerminal, io.StdinIsTerminal = true, true
	code := MainWith(context.Background(), []string{"--cwd", proj, "--config", cfg, "--yolo"}, io, fe)
	if code != 0 || !called {
		t.Fatalf("hone --yolo: exit %d, interface called %v, stderr %q", code, called, errOut)
	}
	if mode != permission.ModeYolo {
		t.Errorf("the interface's App has mode %q, want yolo", mode)
	}
}

// hone mcp serve goes to the MCP server front end with its flags; a
// build without one says so.
func TestMCPServeGoesToItsFrontEnd(t *testing.T) {
	t.Parallel()
	var got MCPServeOptions
	fe := Frontends{MCPServe: func(_ context.Context, _ *Factory, o MCPServeOptions) error { got = o; return nil }}
	io, _, errOut := testIO("")
	if code := MainWith(context.Background(), []string{"mcp", "serve", "--max-mode", "plan"}, io, fe); code != 0 || got.MaxMode != "plan" {
		t.Fatalf("mcp serve: exit %d, options %+v, stderr %q", code, got, errOut)
	}
	io, _, errOut = testIO("")
	if code := MainWith(context.Background(), []string{"mcp", "serve"}, io, Frontends{}); code != ExitError || !strings.Contains(errOut.String(), "no MCP server") {
		t.Errorf("mcp serve without a front end: exit %d, stderr %q", code, errOut)
	}
}

// -s takes an id prefix; the interface front end gets the session's full
// id, resolved once by the bare command.
func TestInterfaceGetsTheResolvedSessionID(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HONE_DATA_DIR", data)
	proj := projectDir(t)
	ctx := context.Background()
	sqldb, err := db.Open(ctx, filepath.Join(data, "hone.db"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.NewService(sqldb).Create(ctx, proj)
	_ = sqldb.Close()
	if err != nil {
		t.Fatal(err)
	}
	cfg := writeFakeConfig(t, `{"turns": ["unused"]}`, ``)
	var got string
	fe := Frontends{Interface: func(_ context.Context, _ *Factory, opts RootOptions) error { got = opts.Session; return nil }}
	io, _, errOut := testIO("")
	io.StdoutIsTerminal, io.StdinIsTerminal = true, true
	code := MainWith(ctx, []string{"--cwd", proj, "--config", cfg, "-s", s.ID[:13]}, io, fe)
	if code != 0 || got != s.ID {
		t.Fatalf("hone -s %s: exit %d, interface got %q, want %q; stderr %q", s.ID[:13], code, got, s.ID, errOut)
	}
}
