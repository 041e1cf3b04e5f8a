package lsp_test

import (
	"testing"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/lsp"
	"github.com/honecode/hone/internal/tools"

	"github.com/honecode/hone/internal/testenv"
)

func run(t *testing.T, reg *tools.Registry, name, input string) tools.Result {
	t.Helper()
	return reg.Run(t.Context(), tools.Call{ID: "c1", Name: name, Input: []byte(input)})
}

// references finds the uses of a function across files, from its
// declaration, from a use, and from the project directory.
func TestReferencesAcrossFiles(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, nil)
	reg := tools.NewRegistry(m.Tools()...)
	const want = "\ncalc.go:\n  4:6 func Add(x, y int) int { return x + y }\n" +
		"more.go:\n  4:33 func Thrice(x int) int { return Add(Add(x, x), x) }\n" +
		"  4:37 func Thrice(x int) int { return Add(Add(x, x), x) }\n" +
		"use.go:\n  4:32 func Twice(x int) int { return Add(x, x) }"
	for input, symbol := range map[string]string{
		`{"symbol": "Add", "path": "calc.go"}`: "Add",
		`{"symbol": "Add", "path": "use.go"}`:  "Add",
		`{"symbol": "Add"}`:                    "Add",
		`{"symbol": "calc.Add", "path": "."}`:  "calc.Add",
		`{"symbol": "Add", "path": "more.go"}`: "Add",
	} {
		res := run(t, reg, "references", input)
		if res.IsError || res.Content != "4 references to "+symbol+":"+want {
			t.Errorf("references %s:\n%s\nwant:\n%s", input, res.Content, want)
		}
	}
	res := run(t, reg, "references", `{"symbol": "Nowhere", "path": "calc.go"}`)
	if !res.IsError {
		t.Errorf("unknown symbol: %q", res.Content)
	}
	contains(t, res.Content, `symbol "Nowhere" not found in calc.go`)
}

func TestDiagnosticsTool(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	write(t, dir, "more.go", "package calc\n\nfunc Thrice(x int) int { return Add(x, x, x) }\n")
	write(t, dir, "notes.txt", "not code\n")
	m := newManager(t, dir, nil)
	reg := tools.NewRegistry(m.Tools()...)

	res := run(t, reg, "diagnostics", `{}`)
	contains(t, res.Content, "1 problem in the project:\nmore.go:\n  3:43 error: too many arguments in call to Add have (int, int, int) want (int, int) (compiler)")

	res = run(t, reg, "diagnostics", `{"file_path": "more.go"}`)
	contains(t, res.Content, "1 problem in more.go:\nmore.go:\n  3:43 error: too many arguments in call to Add have (int, int, int) want (int, int) (compiler)")
	res = run(t, reg, "diagnostics", `{"file_path": "calc.go"}`)
	if res.Content != "No problems reported in calc.go." {
		t.Errorf("clean file: %q", res.Content)
	}
	res = run(t, reg, "diagnostics", `{"file_path": "notes.txt"}`)
	if !res.IsError {
		t.Errorf("file no server handles: %+v", res)
	}
	contains(t, res.Content, "no language server for .txt files. Configured or detected servers: gopls ([.go])")
	res = run(t, reg, "diagnostics", `{"file_path": "/etc/hostname"}`)
	contains(t, res.Content, "outside the project")
}

func TestAvailable(t *testing.T) {
	t.Parallel()
	testenv.LookPath(t, "gopls")
	for _, tc := range []struct {
		name    string
		dir     string
		servers map[string]config.LSPServer
		want    bool
	}{
		{"go module, gopls detected", goModule(t), nil, true},
		{"no module", t.TempDir(), nil, false},
		{"configured server", t.TempDir(), map[string]config.LSPServer{"pyright": {Command: "pyright-langserver", Filetypes: []string{".py"}}}, true},
		{"gopls disabled", goModule(t), map[string]config.LSPServer{"gopls": {Command: "gopls", Disabled: true}}, false},
	} {
		m := lsp.New(lsp.Options{WorkDir: tc.dir, Servers: tc.servers})
		if got := m.Available(); got != tc.want {
			t.Errorf("%s: Available() = %v", tc.name, got)
		}
		_ = m.Close()
	}
}
