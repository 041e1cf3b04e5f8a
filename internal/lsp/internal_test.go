package lsp

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/config"
)

func TestFindIdentifier(t *testing.T) {
	t.Parallel()
	text := "package x\n// Addition uses Add\nvar é = \"日本\" + Add_x + Add(1)\n"
	pos, ok := findIdentifier(text, "Add")
	if !ok || pos != (Position{Line: 1, Character: 17}) {
		t.Errorf("comment hit %+v %v", pos, ok)
	}
	pos, ok = findIdentifier(strings.Replace(text, "uses Add", "", 1), "Add")
	// "var é = "日本" + Add_x + " is 23 runes, all in the BMP.
	if !ok || pos != (Position{Line: 2, Character: 23}) {
		t.Errorf("code hit %+v %v", pos, ok)
	}
	if _, ok := findIdentifier("AddAdd xAdd", "Add"); ok {
		t.Error("matched inside identifiers")
	}
	if pos, _ := findIdentifier("s := \"😀\"; Add()", "Add"); pos.Character != 11 {
		t.Errorf("UTF-16 column %d, want 11 (the emoji counts 2)", pos.Character)
	}
}

func TestBestSymbol(t *testing.T) {
	t.Parallel()
	loc := func(p string) Location { return Location{URI: pathToURI(p)} }
	found := []symbolInformation{
		{Name: "AddAll", Location: loc("/p/a.go")},
		{Name: "Add", ContainerName: "other", Location: loc("/q/b.go")},
		{Name: "Server.Start", Location: loc("/p/s.go")},
		{Name: "Add", ContainerName: "calc", Location: loc("/p/c.go")},
	}
	for _, tc := range []struct{ symbol, within, want string }{
		{"Add", "/p", "/p/c.go"},
		{"calc.Add", "/", "/p/c.go"},
		{"other.Add", "/", "/q/b.go"},
		{"Start", "/p", "/p/s.go"},
		{"Server.Start", "/p/s.go", "/p/s.go"},
	} {
		got, ok := bestSymbol(found, tc.symbol, tc.within)
		if !ok || uriToPath(got.URI) != tc.want {
			t.Errorf("bestSymbol(%q, %q) = %v %v, want %s", tc.symbol, tc.within, got.URI, ok, tc.want)
		}
	}
	if _, ok := bestSymbol(found, "Remove", "/"); ok {
		t.Error("found a symbol that is not there")
	}
}

func TestFormatChange(t *testing.T) {
	t.Parallel()
	d := func(line int, sev Severity, msg string) Diagnostic {
		return Diagnostic{Range: Range{Start: Position{Line: line, Character: 2}}, Severity: sev, Message: msg, Source: "vet"}
	}
	items := []Diagnostic{d(9, SeverityWarning, "w"), d(3, SeverityHint, "h"), d(5, 0, "no severity"), d(1, SeverityError, "e\n\tdetail")}
	want := "srv reports 3 problems in a.go after this change:\n" +
		"  2:3 error: e detail (vet)\n  6:3 error: no severity (vet)\n  10:3 warning: w (vet)"
	if got := formatChange("a.go", "srv", items); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := formatChange("a.go", "srv", []Diagnostic{d(1, SeverityInformation, "i")}); got != "" {
		t.Errorf("info only: %q", got)
	}
	var many []Diagnostic
	for i := range 15 {
		many = append(many, d(i, SeverityError, "x"))
	}
	got := formatChange("a.go", "srv", many)
	if strings.Count(got, "error: x") != maxChangeDiagnostics || !strings.Contains(got, "… and 5 more") {
		t.Errorf("capped output:\n%s", got)
	}
}

func TestParseCapabilities(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		raw  string
		want capabilities
	}{
		{`{"capabilities":{"textDocumentSync":2}}`, capabilities{}},
		{`{"capabilities":{"textDocumentSync":{"save":{}},"referencesProvider":true,"workspaceSymbolProvider":{}}}`,
			capabilities{save: true, references: true, symbols: true}},
		{`{"capabilities":{"textDocumentSync":{"save":{"includeText":true}},"diagnosticProvider":{"interFileDependencies":true,"workspaceDiagnostics":true}}}`,
			capabilities{save: true, saveText: true, pull: true, workspacePull: true}},
		{`{"capabilities":{"textDocumentSync":{"save":false},"diagnosticProvider":null,"referencesProvider":false}}`, capabilities{}},
	} {
		if got := parseCapabilities(json.RawMessage(tc.raw)); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.raw, got, tc.want)
		}
	}
}

func TestSpecsAndRoots(t *testing.T) {
	t.Parallel()
	look := func(name string) (string, error) {
		if name == "gopls" {
			return "/bin/gopls", nil
		}
		return "", errors.New("not found")
	}
	specs := specsFrom(map[string]config.LSPServer{"ts": {Command: "tsgo", Filetypes: []string{"TS", ".tsx"}}}, look)
	if len(specs) != 2 || specs[0].name != "gopls" || !specs[0].detected || specs[1].filetypes[0] != ".ts" {
		t.Fatalf("specs %+v", specs)
	}
	if got := specsFrom(map[string]config.LSPServer{"go": {Command: "gopls", Filetypes: []string{"go"}}}, look); len(got) != 1 {
		t.Errorf("gopls detected although a server serves .go: %+v", got)
	}

	dir := t.TempDir()
	mod := filepath.Join(dir, "svc")
	if err := os.MkdirAll(filepath.Join(mod, "pkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module svc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gopls := specs[0]
	if root, ok := gopls.rootFor(filepath.Join(mod, "pkg", "x.go"), dir); !ok || root != mod {
		t.Errorf("root %q %v, want %q", root, ok, mod)
	}
	if _, ok := gopls.rootFor(filepath.Join(dir, "x.go"), dir); ok {
		t.Error("detected gopls served a file outside any module")
	}
	if root, ok := specs[1].rootFor(filepath.Join(dir, "a.ts"), dir); !ok || root != dir {
		t.Errorf("no markers: root %q %v", root, ok)
	}
	if !specs[1].serves("/x/App.TSX") || specs[1].serves("/x/a.go") {
		t.Error("serves by extension, case-insensitively")
	}
}

func TestURIsAndLanguageIDs(t *testing.T) {
	t.Parallel()
	p := "/tmp/my project/ü.go"
	if uri := pathToURI(p); uri != "file:///tmp/my%20project/%C3%BC.go" || uriToPath(uri) != p {
		t.Errorf("uri %q -> %q", uri, uriToPath(uri))
	}
	if uriToPath("untitled:1") != "" {
		t.Error("non-file URI")
	}
	for path, want := range map[string]string{"a.go": "go", "b.tsx": "typescriptreact", "c.PY": "python", "Makefile": ""} {
		if got := languageID(path); got != want {
			t.Errorf("languageID(%q) = %q, want %q", path, got, want)
		}
	}
}
