package app

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/sandbox"
)

// TestSandboxProbedAtFirstCommand: building the services of a run (the
// launcher included) does not probe the kernel; the first command decided
// does, once.
func TestSandboxProbedAtFirstCommand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, err := New(ctx, Options{Cwd: t.TempDir(), DataDir: t.TempDir(), NonInteractive: true, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	var probes atomic.Int32
	a.procs.probe = func() sandbox.Status {
		probes.Add(1)
		return sandbox.Status{Filesystem: true, Network: sandbox.NetNamespace, Protected: true, ProcessView: true, LandlockABI: 6, Signals: true}
	}
	perms, err := a.Permissions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a.Launcher()
	if n := probes.Load(); n != 0 {
		t.Fatalf("the kernel was probed %d times before any command", n)
	}
	cmd := permission.Request{SessionID: "s", ToolName: "bash", Action: permission.ActionExecute, Command: "ls", Path: a.WorkDir()}
	for range 2 {
		got, err := perms.Confine(ctx, cmd, true)
		if err != nil || got != permission.ConfineReadOnly {
			t.Fatalf("Confine = %q, %v; want a read-only sandbox (the probe's answer)", got, err)
		}
	}
	if n := probes.Load(); n != 1 {
		t.Fatalf("probed %d times; want once, at the first command", n)
	}
}
