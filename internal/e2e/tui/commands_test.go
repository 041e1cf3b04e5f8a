package tui

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// osc52 is the OSC 52 sequence that puts text on the system clipboard.
func osc52(text string) string {
	return "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\x07"
}

func TestCopyWritesOSC52ToTheTerminal(t *testing.T) {
	t.Parallel()
	answer := "Run this:\n\n```sh\ngo test ./...\n```\n\nThen read the failures."
	_, p, _ := setup(t, script{Turns: []any{answer}})
	out := p.capture()
	p.submit("how do I test")
	p.waitFor("Then read the failures.", idleHint)
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("copy code")
	p.keys("Enter")
	p.waitFor("copied the last code block")
	p.waitWritten(out, "OSC 52 with the code block", osc52("go test ./..."))
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("copy")
	p.keys("Enter")
	p.waitFor("copied the last answer")
	p.waitWritten(out, "OSC 52 with the answer", osc52(answer))
}

func TestNotificationWhenUnfocused(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	config := u.fakeConfigWith(script{Turns: []any{"A slow answer END.", "The second answer."}},
		map[string]any{"tui": map[string]any{"notify": "osc9"}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	out := p.capture()
	p.submit("first while focused")
	p.waitFor("A slow answer", "END.", idleHint)
	if strings.Contains(out(), "\x1b]9;") {
		t.Fatal("notified while the terminal had the focus")
	}
	// The terminal reports that it lost the focus (CSI O, focus
	// reporting), as it does when the user switches windows.
	p.keys("-H", "1b", "5b", "4f")
	p.submit("then while away")
	p.waitWritten(out, "an OSC 9 notification", "\x1b]9;Hone: the answer is ready\x07")
}

func TestThemeSwitchInTmuxIsSavedToUserConfig(t *testing.T) {
	t.Parallel()
	u, p, _ := setup(t, script{Turns: []any{"ok"}})
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("theme")
	p.keys("Enter")
	p.waitFor("auto (current)", "high-contrast")
	p.typeText("high")
	p.keys("Enter")
	p.waitFor("theme high-contrast")
	data, err := os.ReadFile(filepath.Join(u.home, ".config", "hone", "hone.json"))
	if err != nil || !strings.Contains(string(data), `"theme": "high-contrast"`) {
		t.Fatalf("user config = %s (%v), want options.tui.theme high-contrast", data, err)
	}
}

func TestInitWritesAgentsMDThroughTheAgent(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	u.writeProjectFile("go.mod", "module example.com/demo\n\ngo 1.22\n")
	config := u.fakeConfig(script{Turns: []any{
		callTool("Let me look around.", "ls", map[string]any{"path": "."}),
		callTool("Writing the guide.", "write", map[string]any{"file_path": "AGENTS.md", "content": "# demo\n\nBuild: go build ./...\n"}),
		"AGENTS.md is written.",
	}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("init")
	p.keys("Enter")
	dialog := answerPermission(p, "a") // AGENTS.md is an instruction file: always asked
	if !strings.Contains(dialog, "AGENTS.md") {
		t.Errorf("the dialog does not name AGENTS.md:\n%s", dialog)
	}
	p.waitFor("AGENTS.md is written.", idleHint)
	if got, _ := u.readProjectFile("AGENTS.md"); got != "# demo\n\nBuild: go build ./...\n" {
		t.Errorf("AGENTS.md = %q", got)
	}
	msgs := u.messages(config, u.sessions(config)[0].ID)
	if len(msgs) == 0 || msgs[0].Role != "user" || !strings.Contains(msgs[0].Parts[0].Text, "write an AGENTS.md") {
		t.Errorf("the first prompt is not the /init request: %+v", msgs)
	}
}

func TestReviewIsReadOnlyAndReportsFindings(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	u.writeProjectFile("main.go", "package main\n\nfunc main() {}\n")
	// The first answer waits, so that the plan-mode badge is on the
	// screen long enough to be seen: the review and the mode restored
	// after it can otherwise come and go between two looks at the screen.
	first := callTool("Looking at the changes.", "bash", map[string]any{"command": "git diff HEAD"})
	first["items"] = append([]any{map[string]any{"delay_ms": 3000}}, first["items"].([]any)...)
	config := u.fakeConfig(script{Turns: []any{
		first,
		callTool("Let me fix it myself.", "write", map[string]any{"file_path": "main.go", "content": "changed by the review\n"}),
		"Finding: main.go:3 main does nothing (severity: low).",
	}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("review")
	p.keys("Enter")
	p.waitFor("PLAN")
	scr := p.waitFor("Finding: main.go:3 main does nothing", idleHint, "DEFAULT")
	if strings.Contains(scr, permissionTitle) {
		t.Errorf("the review asked for a permission:\n%s", scr)
	}
	if got, _ := u.readProjectFile("main.go"); got != "package main\n\nfunc main() {}\n" {
		t.Errorf("the review changed main.go: %q", got)
	}
}

// Two files changed in one turn: the history view lists every version
// with its diff, and restoring one file leaves the other as it is.
func TestHistoryViewRestoresOneFile(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	u.writeProjectFile("a.txt", "alpha original\n")
	u.writeProjectFile("b.txt", "beta original\n")
	config := u.fakeConfigWith(script{Turns: []any{
		callTool("Reading a.", "view", map[string]any{"file_path": "a.txt"}),
		callTool("Reading b.", "view", map[string]any{"file_path": "b.txt"}),
		callTool("Changing a.", "edit", map[string]any{"file_path": "a.txt", "old_string": "alpha original", "new_string": "alpha changed"}),
		callTool("Changing b.", "edit", map[string]any{"file_path": "b.txt", "old_string": "beta original", "new_string": "beta changed"}),
		"Both changed.",
	}}, nil)
	p := openHone(newTmux(t, u), u, config, 120, 40, "--yolo")
	p.submit("change both")
	p.waitFor("Both changed.", idleHint)
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("history")
	p.keys("Enter")
	scr := p.waitFor("File history", "a.txt v1", "a.txt v2", "b.txt v1", "b.txt v2")
	if !strings.Contains(scr, "beta changed") {
		t.Errorf("the newest version's diff is not shown:\n%s", scr)
	}
	p.typeText("a.txt v1")
	p.waitFor("as first found")
	p.keys("Enter")
	p.waitFor("restored a.txt to version 1")
	if got, _ := u.readProjectFile("a.txt"); got != "alpha original\n" {
		t.Errorf("a.txt = %q, want its first version", got)
	}
	if got, _ := u.readProjectFile("b.txt"); got != "beta changed\n" {
		t.Errorf("b.txt = %q, want it left as the turn made it", got)
	}
}

// A first run without any key: the pasted key is never on screen, lands
// in the 0600 secrets file, the config holds only the $VAR reference, and
// neither the screen nor the log has the key.
func TestOnboardingPastedKeyIsSavedAsReference(t *testing.T) {
	t.Parallel()
	const key = "sk-ant-e2e-0123456789abcdef"
	u := newUser(t)
	s := newTmux(t, u)
	p := s.start(u.project, 120, 35, honeBin, "--data-dir", u.data)
	p.waitFor("Welcome to Hone", "anthropic")
	for range 10 { // select anthropic
		if strings.Contains(p.screen(), "› anthropic") {
			break
		}
		p.keys("Up")
	}
	p.waitFor("› anthropic")
	p.keys("Enter")
	p.waitFor("Paste the API key for anthropic")
	s.must("set-buffer", "-b", "k", key)
	s.must("paste-buffer", "-p", "-d", "-b", "k", "-t", p.target)
	scr := p.waitFor(fmt.Sprintf("%d characters received (hidden)", len(key)))
	if strings.Contains(scr, "sk-ant") {
		t.Fatalf("the key is on screen:\n%s", scr)
	}
	p.keys("Enter")
	p.waitFor("enter save")
	p.keys("Enter")
	p.waitFor(idleHint)
	dir := filepath.Join(u.home, ".config", "hone")
	cfg, err := os.ReadFile(filepath.Join(dir, "hone.json"))
	if err != nil || !strings.Contains(string(cfg), `"$ANTHROPIC_API_KEY"`) || strings.Contains(string(cfg), key) {
		t.Errorf("global config = %s (%v), want the $ANTHROPIC_API_KEY reference and no key", cfg, err)
	}
	fi, err := os.Stat(filepath.Join(dir, "secrets.json"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("secrets.json: %v %v, want mode 0600", fi, err)
	}
	if secrets, _ := os.ReadFile(filepath.Join(dir, "secrets.json")); !strings.Contains(string(secrets), key) {
		t.Errorf("secrets.json does not hold the key")
	}
	if strings.Contains(p.scrollback(), key) {
		t.Error("the key was drawn")
	}
	_ = filepath.WalkDir(u.data, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, _ := os.ReadFile(path); strings.Contains(string(data), key) {
				t.Errorf("%s holds the key", path)
			}
		}
		return nil
	})
}

// OLLAMA_HOST points at an Ollama without the catalog's default model:
// the TUI does not pick that model but shows onboarding with the models
// /api/tags lists.
func TestOllamaDefaultModelNotInstalledLeadsToOnboarding(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/tags" {
			_, _ = io.WriteString(w, `{"models":[{"name":"tinyllama:latest"}]}`)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	u := newUser(t)
	s := newTmux(t, u)
	p := s.start(u.project, 120, 35, "env", "OLLAMA_HOST="+srv.URL, honeBin, "--data-dir", u.data)
	p.waitFor("Welcome to Hone", "ollama", "running at")
	for range 10 {
		if strings.Contains(p.screen(), "› ollama") {
			break
		}
		p.keys("Down")
	}
	p.keys("Enter")
	p.waitFor("tinyllama")
}

func TestExportWritesMarkdown(t *testing.T) {
	t.Parallel()
	u, p, _ := setup(t, script{Turns: []any{"The answer to export."}})
	p.submit("a question to export")
	p.waitFor("The answer to export.", idleHint)
	p.typeText("/")
	p.waitFor("Commands")
	p.typeText("export notes.md")
	p.keys("Enter")
	p.waitFor("exported to")
	got, ok := u.readProjectFile("notes.md")
	if !ok || !inOrder(got, "## User", "a question to export", "## Assistant", "The answer to export.") {
		t.Fatalf("notes.md = %q", got)
	}
}
