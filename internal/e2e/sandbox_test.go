package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// sandboxReady skips (fails in CI) where hone cannot sandbox commands.
func sandboxReady(t *testing.T, e *env) {
	t.Helper()
	r := e.mustRun(0, "sandbox", "status")
	if !strings.Contains(r.stdout, "auto mode are available") {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI needs a complete sandbox:\n%s", r.stdout)
		}
		t.Skip("no complete sandbox here")
	}
}

// In the auto mode a command runs without asking, writes the project, and
// reaches neither files outside it, nor the network, nor hone's secrets.
func TestRunAutoModeSandboxesCommands(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sandboxReady(t, e)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	t.Cleanup(srv.Close)
	port := srv.URL[strings.LastIndexByte(srv.URL, ':')+1:]
	outside := filepath.Join(e.dir, "outside.txt")
	e.extra = append(e.extra, "HONE_E2E_API_KEY=sk-e2e-secret", "DATABASE_URL=postgres://u:e2e-pw@db/x")
	cmd := "echo built > made.txt; touch " + outside + "; (exec 3<>/dev/tcp/127.0.0.1/" + port + ") 2>/dev/null; " +
		"{ env; cat /proc/*/environ; ps eww -A; } > leak.txt 2>&1; echo done"
	e.useFake(script{Turns: []any{turn(toolCall("c1", "bash", map[string]any{"command": cmd})), turn(text("ok"))}})
	e.mustRun(0, "run", "--mode", "auto", "build it")
	if got := e.readProjectFile("made.txt"); got != "built\n" {
		t.Errorf("made.txt = %q: the command did not run", got)
	}
	if fileExists(outside) {
		t.Error("the command wrote outside the project")
	}
	if hits.Load() != 0 {
		t.Error("the command reached the network")
	}
	leak := e.readProjectFile("leak.txt")
	for _, secret := range []string{"sk-e2e-secret", "e2e-pw"} {
		if strings.Contains(leak, secret) {
			t.Errorf("the command saw %s", secret)
		}
	}
}

// A command Hone runs on its own authority is contained by the sandbox
// even when it runs a program the repository configures: git status
// allowed by a rule runs the model-written core.fsmonitor program in the
// workspace sandbox, which can neither write outside the project nor
// reach the network. (The classifier no longer takes such a git status
// for read-only at all; the allow rule stands for any line that gets
// through on Hone's authority.)
func TestRunSandboxContainsRuleAllowedCommand(t *testing.T) {
	t.Parallel()
	lookPath(t, "git")
	e := newEnv(t)
	sandboxReady(t, e)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	t.Cleanup(srv.Close)
	port := srv.URL[strings.LastIndexByte(srv.URL, ':')+1:]
	victim := filepath.Join(e.dir, "pwned")
	hook := "touch " + victim + "; exec 3<>/dev/tcp/127.0.0.1/" + port + "; echo"
	for _, args := range [][]string{{"init", "-q"}, {"config", "core.fsmonitor", hook}} {
		c := exec.Command("git", args...)
		c.Dir = e.project
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	e.useFake(script{Turns: []any{turn(toolCall("c1", "bash", map[string]any{"command": "git status"})), turn(text("ok"))}})
	e.addConfig(map[string]any{"permissions": map[string]any{"allow": []string{"bash(git status*)"}}})
	r := e.mustRun(0, "run", "look at the repository")
	if fileExists(victim) {
		t.Error("the fsmonitor program wrote outside the project")
	}
	if hits.Load() != 0 {
		t.Error("the fsmonitor program reached the network")
	}
	mustContain(t, "stderr", r.stderr, "bash")
}
