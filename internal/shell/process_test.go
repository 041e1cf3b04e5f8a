package shell

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func start(t *testing.T, script, dir string) *Process {
	t.Helper()
	p, err := Start(Spec{Script: script, Dir: dir, Env: os.Environ(), OutputLimit: 1000, Grace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestStartReportsOutputExitAndDir(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := start(t, "echo out; echo err >&2; read x; echo \"stdin:$x\"; cd sub; exit 3", dir)
	if !p.Wait(t.Context()) {
		t.Fatal("Wait reported a stop")
	}
	e := p.Exit()
	if e.Code != 3 || e.Dir != filepath.Join(dir, "sub") {
		t.Errorf("Exit = %+v", e)
	}
	if got := p.Output().String(); got != "out\nerr\nstdin:\n" {
		t.Errorf("output = %q", got)
	}
}

func TestErrorLineNumbersMatchTheScript(t *testing.T) {
	t.Parallel()
	p := start(t, "true\nno-such-command-hone", t.TempDir())
	p.Wait(t.Context())
	if got := p.Output().String(); !strings.Contains(got, "line 2") {
		t.Errorf("output = %q, want the error on line 2", got)
	}
}

func TestStopKillsTheGroup(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// The background sleep ignores SIGINT (bash does that for async
	// commands), so only the group SIGKILL ends it.
	p := start(t, "sleep 30 & echo $! > child; sleep 30", dir)
	pid := waitPID(t, filepath.Join(dir, "child"))
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	if p.Wait(ctx) {
		t.Fatal("Wait reported a natural end")
	}
	if e := p.Exit(); e.Signal == "" && e.Code == 0 {
		t.Errorf("Exit = %+v, want a signal or failure", e)
	}
	waitGone(t, pid)
}

func TestChildrenDieWhenTheShellExits(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := start(t, "sleep 30 & echo $! > child", dir)
	p.Wait(t.Context())
	waitGone(t, waitPID(t, filepath.Join(dir, "child")))
}

func TestStopEscalatesToSIGKILL(t *testing.T) {
	t.Parallel()
	p := start(t, "trap '' INT; sleep 30", t.TempDir())
	time.Sleep(100 * time.Millisecond)
	began := time.Now()
	p.Stop()
	if e := p.Exit(); e.Signal != "SIGKILL" {
		t.Errorf("Exit = %+v, want killed", e)
	}
	if time.Since(began) < 900*time.Millisecond {
		t.Errorf("SIGKILL came before the grace period")
	}
}

// waitPID reads a pid written by a script.
func waitPID(t *testing.T, file string) int {
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

// waitGone fails unless pid is dead (or a zombie) within a few seconds.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if !alive(pid) {
			return
		}
	}
	t.Fatalf("process %d survived", pid)
}

func alive(pid int) bool {
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
