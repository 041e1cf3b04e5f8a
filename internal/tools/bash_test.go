package tools

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/permission"
)

// shellEnv is a tool environment with a job manager, closed at the end.
func shellEnv(t *testing.T) *toolEnv {
	t.Helper()
	te := newToolEnv(t)
	te.Jobs = NewJobManager()
	t.Cleanup(te.Jobs.Close)
	return te
}

// TestBashSecurity runs each command through the bash tool's entry point
// with an asker that denies: nothing but read-only commands may run
// without a request, and guardrail cases are refused without one.
func TestBashSecurity(t *testing.T) {
	t.Parallel()
	cases := []struct {
		command string
		want    string // "run", "ask" or "refuse"
	}{
		{"ls\nrm x", "ask"},
		{"echo a > ~/.bashrc", "ask"},
		{"ls & rm x", "ask"},
		{"ls <(rm x)", "ask"},
		{"env rm x", "ask"},
		{"/usr/bin/sudo x", "refuse"},
		{"bash -c 'sudo x'", "refuse"},
		{"apt-get install -y jq", "refuse"},
		{"ls -la", "run"},
		{"git status", "run"},
	}
	for _, tc := range cases {
		te := shellEnv(t)
		te.asker.deny = true
		victim := te.write(t, "x", "keep me")
		res := te.run(t, "bash", jsonArgs{"command": tc.command})
		asked := len(te.asker.asked())
		got := "run"
		switch {
		case asked > 0:
			got = "ask"
			if !res.Denied {
				t.Errorf("%q: asked and denied, but result not marked Denied: %+v", tc.command, res)
			}
		case res.IsError && strings.Contains(res.Content, "refused"):
			got = "refuse"
		}
		if got != tc.want {
			t.Errorf("%q: got %s (asked %d, result %q), want %s", tc.command, got, asked, res.Content, tc.want)
		}
		if _, err := os.Stat(victim); err != nil {
			t.Errorf("%q: the file was removed without permission", tc.command)
		}
	}
}

func TestBashPermissionRequest(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	res := te.run(t, "bash", jsonArgs{"command": "touch made", "description": "Create a file"})
	reqs := te.asker.asked()
	if len(reqs) != 1 {
		t.Fatalf("requests = %+v", reqs)
	}
	r := reqs[0]
	if r.ToolName != "bash" || r.Action != permission.ActionExecute || r.Command != "touch made" ||
		r.Description != "Create a file" || r.SessionID != "s1" || r.OutsideProject {
		t.Errorf("request = %+v", r)
	}
	if res.IsError || res.Display.Kind != DisplayCommand || res.Display.Command != "touch made" || res.Display.Title != "Create a file" {
		t.Errorf("result = %+v", res)
	}
	if _, err := os.Stat(filepath.Join(te.root, "made")); err != nil {
		t.Errorf("allowed command did not run: %v", err)
	}
}

func TestBashWorkingDirOutsideAsks(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	res := te.run(t, "bash", jsonArgs{"command": "ls", "working_dir": te.outside})
	reqs := te.asker.asked()
	if len(reqs) != 1 || !reqs[0].OutsideProject || reqs[0].Path != te.outside {
		t.Fatalf("requests = %+v", reqs)
	}
	if res.IsError {
		t.Errorf("result = %+v", res)
	}
	res = te.run(t, "bash", jsonArgs{"command": "ls", "working_dir": "missing"})
	if !res.IsError || !strings.Contains(res.Content, "not an existing directory") {
		t.Errorf("missing working_dir: %+v", res)
	}
}

func TestBashExitCodeAndOutput(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	res := te.run(t, "bash", jsonArgs{"command": "echo out; echo err >&2; exit 3"})
	if res.Display.ExitCode != 3 || !strings.Contains(res.Content, "The command exited with code 3.") ||
		!strings.Contains(res.Content, "out\nerr\n") || res.IsError {
		t.Errorf("result = %+v", res)
	}
}

func TestBashKilledBySignalSaysSo(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	res := te.run(t, "bash", jsonArgs{"command": "kill -INT $$"})
	if !strings.Contains(res.Content, "The command was killed by SIGINT.") || strings.Contains(res.Content, "ended with") ||
		res.Display.ExitText() != "killed by SIGINT" {
		t.Errorf("result = %+v", res)
	}
}

func TestBashCdSticks(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	te.write(t, "sub/dir/f.txt", "x")
	if res := te.run(t, "bash", jsonArgs{"command": "cd sub/dir"}); res.IsError {
		t.Fatal(res.Content)
	}
	if len(te.asker.asked()) != 0 {
		t.Errorf("cd inside the project asked: %+v", te.asker.asked())
	}
	res := te.run(t, "bash", jsonArgs{"command": "pwd && ls"})
	want := filepath.Join(te.root, "sub", "dir") + "\nf.txt\n"
	if res.Content != want {
		t.Fatalf("after cd: %q, want %q", res.Content, want)
	}
	// Leaving the project is not kept.
	res = te.run(t, "bash", jsonArgs{"command": "cd " + te.outside})
	if !strings.Contains(res.Content, "outside the project") {
		t.Errorf("cd outside: %q", res.Content)
	}
	if res := te.run(t, "bash", jsonArgs{"command": "pwd"}); res.Content != filepath.Join(te.root, "sub", "dir")+"\n" {
		t.Errorf("after cd outside: %q", res.Content)
	}
	// Another session starts at the root.
	reg := NewRegistry(Builtins(te.Env)...)
	ctx := WithCall(t.Context(), CallContext{SessionID: "s2"})
	if res := reg.Run(ctx, Call{ID: "c", Name: "bash", Input: []byte(`{"command":"pwd"}`)}); res.Content != te.root+"\n" {
		t.Errorf("other session: %q", res.Content)
	}
}

func TestBashTimeoutKillsGroup(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	res := te.run(t, "bash", jsonArgs{"command": "echo started; sleep 30 & echo $! > child; sleep 30", "timeout": 300})
	if !res.IsError || !strings.Contains(res.Content, "timed out after 300ms") || !strings.Contains(res.Content, "started") {
		t.Errorf("result = %+v", res)
	}
	waitDead(t, readPID(t, filepath.Join(te.root, "child")))
}

func TestBashCancel(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	ctx, cancel := context.WithCancel(WithCall(t.Context(), testCallContext))
	time.AfterFunc(300*time.Millisecond, cancel)
	began := time.Now()
	res := NewRegistry(Builtins(te.Env)...).Run(ctx, Call{ID: "c", Name: "bash",
		Input: []byte(`{"command":"sleep 30 & echo $! > child; sleep 30"}`)})
	if !res.IsError || !strings.Contains(res.Content, "cancelled") {
		t.Errorf("result = %+v", res)
	}
	if time.Since(began) > 10*time.Second {
		t.Errorf("cancel took %s", time.Since(began))
	}
	waitDead(t, readPID(t, filepath.Join(te.root, "child")))
}

func TestBashOutputTruncated(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	res := te.run(t, "bash", jsonArgs{"command": "seq 1 30000"})
	if len(res.Content) > bashOutputLimit+200 {
		t.Errorf("content has %d bytes", len(res.Content))
	}
	if !strings.HasPrefix(res.Content, "1\n2\n3\n") || !strings.HasSuffix(res.Content, "29999\n30000\n") ||
		!strings.Contains(res.Content, "bytes of output omitted") {
		t.Errorf("content head %q … tail %q", res.Content[:20], res.Content[len(res.Content)-20:])
	}
}

// TestBashEnvScrubbed sets process environment variables, so it cannot run
// in parallel.
// The environment is an allowlist: names that do not look secret
// (DATABASE_URL, GH_PAT) are dropped too, unless the config names them.
func TestBashEnvScrubbed(t *testing.T) {
	t.Setenv("HONE_TEST_API_KEY", "sk-secret")
	t.Setenv("HONE_TEST_TOKEN", "tok-secret")
	t.Setenv("HONE_TEST_DATABASE_URL", "postgres://u:pw@db")
	t.Setenv("HONE_TEST_KEEP_PASSWORD", "kept")
	t.Setenv("HONE_TEST_MINE_A", "mine")
	te := shellEnv(t)
	te.ShellEnvAllow = []string{"HONE_TEST_KEEP_PASSWORD", "HONE_TEST_MINE_*"}
	out := te.run(t, "bash", jsonArgs{"command": "env"}).Content
	for _, gone := range []string{"sk-secret", "tok-secret", "pw@db"} {
		if strings.Contains(out, gone) {
			t.Errorf("secret %q reached the command", gone)
		}
	}
	for _, kept := range []string{"HONE_TEST_KEEP_PASSWORD=kept", "HONE_TEST_MINE_A=mine", "PATH=", "PAGER=cat", "GIT_EDITOR=true"} {
		if !strings.Contains(out, kept) {
			t.Errorf("env lacks %s", kept)
		}
	}
}

func readPID(t *testing.T, file string) int {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(file)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			return pid
		}
	}
	t.Fatalf("no pid in %s", file)
	return 0
}

// waitDead fails unless pid is gone (or a zombie) within a few seconds.
func waitDead(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if !processAlive(pid) {
			return
		}
	}
	t.Fatalf("process %d survived", pid)
}

func processAlive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}

// denyingRules is an asker whose deny rules refuse every command.
type denyingRules struct{ recordingAsker }

func (*denyingRules) DenyReason(permission.Request) string { return "denied by rule bash" }

func TestBashReadOnlyHonoursDenyRules(t *testing.T) {
	t.Parallel()
	te := shellEnv(t)
	rules := &denyingRules{}
	te.Perms = rules
	res := te.run(t, "bash", jsonArgs{"command": "ls"})
	if !res.Denied || !strings.Contains(res.Content, "denied by rule bash") || len(rules.asked()) != 0 {
		t.Errorf("result = %+v, asked %d", res, len(rules.asked()))
	}
}

// The permission service is what the app passes as Env.Perms; bash relies
// on it judging deny rules for read-only commands.
var (
	_ Asker     = (*permission.Service)(nil)
	_ denyRules = (*permission.Service)(nil)
)
