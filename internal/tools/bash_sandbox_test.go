package tools

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
	"github.com/honecode/hone/internal/shell"
	"github.com/honecode/hone/internal/testenv"
)

// sandboxEnv is a tool environment whose commands go through the real
// permission service and sandbox.
func sandboxEnv(t *testing.T, rules permission.Rules) *toolEnv {
	t.Helper()
	if st := sandbox.Detect(); !st.Complete() {
		if testenv.InCI() {
			t.Fatalf("CI needs a complete sandbox: %s", st)
		}
		t.Skip("no complete sandbox here")
	}
	te := shellEnv(t)
	perms, err := permission.NewService(permission.Config{Rules: rules, ProjectDir: te.root,
		NonInteractive: true, Sandbox: func() permission.SandboxSupport { return permission.FullSandbox }})
	if err != nil {
		t.Fatal(err)
	}
	te.Perms = perms
	te.Launcher = procgroup.NewLauncher(procgroup.Options{Confine: sandbox.Confine})
	te.Sandbox = &sandbox.Settings{Project: te.root, Home: t.TempDir()}
	return te
}

// Whatever the classifier lets through as read-only runs in the read-only
// sandbox, so a miss cannot write or reach the network. The classifier
// has no known miss, so the test confines a hostile line (the kind of
// program a repository's git config could make git run) exactly as a
// read-only verdict does.
func TestSandboxContainsReadOnlyMiss(t *testing.T) {
	t.Parallel()
	te := sandboxEnv(t, permission.Rules{})
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	t.Cleanup(srv.Close)
	addr := strings.TrimPrefix(srv.URL, "http://")
	host, port, _ := strings.Cut(addr, ":")
	victim := filepath.Join(te.outside, "pwned")
	hostile := fmt.Sprintf("touch %s; touch %s/inside; exec 3<>/dev/tcp/%s/%s; echo done", victim, te.root, host, port)
	bt := &bashTool{env: te.Env}
	spec := shell.Spec{Script: hostile, Dir: te.root, Env: sandbox.Environ(os.Environ(), nil),
		OutputLimit: bashOutputLimit, Grace: bashGrace, Launcher: te.Launcher}
	cleanup, err := bt.sandboxSpec(&spec, permission.ConfineReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	if spec.Sandbox == nil {
		t.Fatal("a read-only verdict did not confine the command")
	}
	ctx := WithCall(t.Context(), testCallContext)
	res := bt.foreground(ctx, testCallContext.SessionID, bashParams{Command: hostile}, spec, newSpill(ctx, nil, bashOutputLimit))
	for _, f := range []string{victim, filepath.Join(te.root, "inside")} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("the confined command wrote %s (%s)", f, res.Content)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the confined command reached the network (%d requests)", n)
	}
}

// A command allowed by a rule writes the project but nothing else; in
// hone run the model is told the sandbox may have blocked it.
func TestSandboxAllowRuleIsWorkspaceWrite(t *testing.T) {
	t.Parallel()
	te := sandboxEnv(t, permission.Rules{Allow: []string{"bash(touch*)"}})
	res := te.run(t, "bash", jsonArgs{"command": "touch made.txt " + filepath.Join(te.outside, "escaped.txt")})
	if _, err := os.Stat(filepath.Join(te.root, "made.txt")); err != nil {
		t.Errorf("the project was not writable: %s", res.Content)
	}
	if _, err := os.Stat(filepath.Join(te.outside, "escaped.txt")); err == nil {
		t.Error("the command wrote outside the project")
	}
	if !strings.Contains(res.Content, "sandbox may have blocked") || !strings.Contains(res.Content, "permissions.network") {
		t.Errorf("the model was not told about the sandbox: %s", res.Content)
	}
}

// The auto mode runs any command without asking, in the workspace
// sandbox; yolo runs it unconfined.
func TestSandboxAutoAndYolo(t *testing.T) {
	t.Parallel()
	te := sandboxEnv(t, permission.Rules{Mode: permission.ModeAuto})
	out := filepath.Join(te.outside, "yolo.txt")
	res := te.run(t, "bash", jsonArgs{"command": "echo built > build.log; touch " + out})
	if te.read(t, "build.log") != "built\n" {
		t.Errorf("auto mode did not run the command: %s", res.Content)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("auto mode wrote outside the project")
	}
	if err := te.Perms.(*permission.Service).SetMode(permission.ModeYolo); err != nil {
		t.Fatal(err)
	}
	te.run(t, "bash", jsonArgs{"command": "touch " + out})
	if _, err := os.Stat(out); err != nil {
		t.Error("yolo mode was sandboxed")
	}
}
