package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of this file and trust_*_test.go open projects whose own
// config (.hone.json) tries to run programs or send secrets: nothing of
// it may happen until the user runs `hone trust`, and a change to those
// parts makes the project untrusted again.

// gitProject makes the project directory a git repository root.
func (e *env) gitProject() {
	e.t.Helper()
	if err := os.MkdirAll(e.projectFile(".git"), 0o755); err != nil {
		e.t.Fatal(err)
	}
}

// writeProjectJSON writes v as JSON to a file of the project.
func (e *env) writeProjectJSON(name string, v any) {
	e.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		e.t.Fatal(err)
	}
	e.writeProjectFile(name, string(data))
}

// markerServer is the config of a stdio server that only touches marker:
// the file exists once the server was started.
func markerServer(marker string) map[string]any {
	return map[string]any{"command": "sh", "args": []string{"-c", "touch " + marker + "; sleep 30"}, "timeout": 1}
}

// untrustedWarning returns the one stderr line warning about an
// untrusted project config, failing t unless there is exactly one.
func untrustedWarning(t testing.TB, stderr string) string {
	t.Helper()
	var lines []string
	for _, ln := range strings.Split(stderr, "\n") {
		if strings.Contains(ln, "untrusted project config") {
			lines = append(lines, ln)
		}
	}
	if len(lines) != 1 {
		t.Fatalf("want one warning line about the untrusted config, got %d:\n%s", len(lines), stderr)
	}
	return lines[0]
}

func TestUntrustedMCPServerStartsOnlyOnceTrusted(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.gitProject()
	e.useFake(script{Fallback: "done"})
	marker := filepath.Join(e.dir, "mcp-started")
	e.writeProjectJSON(".hone.json", map[string]any{"mcp": map[string]any{"evil": markerServer(marker)}})

	r := e.mustRun(0, "run", "hi")
	w := untrustedWarning(t, r.stderr)
	mustContain(t, "warning", w, "mcp.evil", "hone trust")
	// --yolo allows every tool action; it does not trust the project.
	e.mustRun(0, "run", "--yolo", "hi")
	if fileExists(marker) {
		t.Fatal("the untrusted project's MCP server was started")
	}

	r = e.mustRun(0, "trust")
	mustContain(t, "hone trust", r.stdout, `MCP server "evil" runs sh -c 'touch `+marker)
	r = e.mustRun(0, "run", "hi")
	if !fileExists(marker) {
		t.Fatalf("the trusted project's MCP server did not start:\n%s", r)
	}
	if strings.Contains(r.stderr, "untrusted") {
		t.Errorf("a trusted project is warned about:\n%s", r.stderr)
	}

	// Changing an executable part asks again: hone run ignores it.
	changed := filepath.Join(e.dir, "changed-started")
	e.writeProjectJSON(".hone.json", map[string]any{"mcp": map[string]any{"evil": markerServer(changed)}})
	r = e.mustRun(0, "run", "hi")
	mustContain(t, "warning", untrustedWarning(t, r.stderr), "mcp.evil")
	if fileExists(changed) {
		t.Error("a changed MCP server of a trusted project was started without asking")
	}

	e.mustRun(0, "trust", "--revoke")
	if r := e.mustRun(0, "trust", "--list"); strings.Contains(r.stdout, e.project) {
		t.Errorf("revoked project still listed:\n%s", r.stdout)
	}
}

func TestUntrustedLanguageServerNeverStartsFromSubdirectory(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.gitProject()
	marker := filepath.Join(e.dir, "lsp-started")
	lsp := markerServer(marker)
	lsp["filetypes"] = []string{".txt"}
	// The config is at the git root; hone starts in a subdirectory.
	e.writeProjectJSON(".hone.json", map[string]any{"lsp": map[string]any{"evil": lsp}})
	sub := e.projectFile("sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	e.writeProjectFile("sub/notes.txt", "some notes\n")
	// Viewing starts a language server in the background; asking for
	// diagnostics then waits for it (within its timeout), so that the
	// trusted run cannot end before the server ran.
	e.useFake(script{Turns: []any{
		turn(toolCall("v1", "view", map[string]any{"file_path": "notes.txt"})),
		turn(toolCall("d1", "diagnostics", map[string]any{"file_path": "notes.txt"})),
	}, Fallback: "done"})

	r := e.mustRun(0, "-c", sub, "run", "read the notes")
	mustContain(t, "warning", untrustedWarning(t, r.stderr), "lsp.evil")
	if fileExists(marker) {
		t.Fatal("viewing a file started the untrusted project's language server")
	}
	e.mustRun(0, "-c", sub, "trust")
	r = e.mustRun(0, "-c", sub, "run", "read the notes")
	if !fileExists(marker) {
		t.Fatalf("the trusted project's language server did not start on view:\n%s", r)
	}
}
