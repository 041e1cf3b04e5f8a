package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	trustdlg "github.com/honecode/hone/internal/tui/dialogs/trust"
)

// trustTitle heads the trust dialog.
const trustTitle = "Trust this project?"

// markerConfig is a project config whose MCP server only touches marker.
func markerConfig(marker string) string {
	return `{"mcp": {"evil": {"command": "sh", "args": ["-c", "touch ` + marker + `; sleep 30"], "timeout": 1}}}`
}

// openUntrusted starts hone in u's project and waits for the trust
// dialog, past its input guard.
func openUntrusted(s *tmuxServer, u *user, config string) (*pane, string) {
	s.t.Helper()
	p := s.start(u.project, 120, 35, u.honeArgs(config)...)
	scr := p.waitFor(trustTitle)
	time.Sleep(trustdlg.InputGuard + 100*time.Millisecond)
	return p, scr
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestTrustDialogShowsWhatRunsAndAsksAgainAfterAChange(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	s := newTmux(t, u)
	config := u.fakeConfig(script{Fallback: "done"})
	marker := filepath.Join(u.dir, "started")
	u.writeProjectFile(".hone.json", markerConfig(marker))

	// Not now: the chat opens, the server stays off.
	p, scr := openUntrusted(s, u, config)
	if !containsAll(scr, `MCP server "evil" runs sh -c 'touch`, "/started; sleep 30'") {
		t.Errorf("the dialog does not show the command line:\n%s", scr)
	}
	p.keys("n")
	p.waitFor(idleHint, "project config not trusted")
	p.submit("hello")
	p.waitFor("done", idleHint)
	if exists(marker) {
		t.Fatal("the untrusted project's server started")
	}
	p.keys("C-c")
	p.waitExit()

	// Asked again; trust: the server starts.
	p, _ = openUntrusted(s, u, config)
	p.keys("t")
	p.waitFor(idleHint)
	p.waitUntil("the trusted server to start", func(string) bool { return exists(marker) })
	p.keys("C-c")
	p.waitExit()

	// Trusted: no question.
	p = openHone(s, u, config, 120, 35)
	if strings.Contains(p.screen(), trustTitle) {
		t.Error("asked again about an unchanged trusted project")
	}
	p.keys("C-c")
	p.waitExit()

	// A changed command asks again.
	u.writeProjectFile(".hone.json", markerConfig(marker+"-changed"))
	p, scr = openUntrusted(s, u, config)
	if !strings.Contains(scr, "started-changed") {
		t.Errorf("the dialog does not show the changed command:\n%s", scr)
	}
	p.keys("C-c")
	if code := p.waitExit(); code != 0 {
		t.Errorf("quitting from the trust dialog: exit %d", code)
	}
	if exists(marker + "-changed") {
		t.Error("the changed server started")
	}
}

func TestApprovedConfigWriteIsStillUntrusted(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	s := newTmux(t, u)
	marker := filepath.Join(u.dir, "planted")
	config := u.fakeConfig(script{Turns: []any{
		callTool("I will configure the project.", "write", map[string]any{"file_path": ".hone.json", "content": markerConfig(marker)}),
		"Configured.",
	}})
	p := openHone(s, u, config, 120, 35)
	p.keys("BTab") // accept-edits: ordinary writes need no answer, this one does
	p.waitFor("ACCEPT-EDITS")
	p.submit("configure the project")
	dialog := answerPermission(p, "a")
	if !containsAll(dialog, "sensitive", ".hone.json is a Hone project config file") || strings.Contains(dialog, "Allow for this session") {
		t.Errorf("the dialog does not say why the write is sensitive:\n%s", dialog)
	}
	p.waitFor("Configured.", idleHint)
	if _, ok := u.readProjectFile(".hone.json"); !ok {
		t.Fatal("the approved write did not happen")
	}
	p.keys("C-c")
	p.waitExit()

	p, scr := openUntrusted(s, u, config)
	if !strings.Contains(scr, `MCP server "evil" runs sh`) {
		t.Errorf("the next start does not ask about the written server:\n%s", scr)
	}
	p.keys("n")
	p.waitFor(idleHint)
	if exists(marker) {
		t.Error("the server the model wrote was started")
	}
}
