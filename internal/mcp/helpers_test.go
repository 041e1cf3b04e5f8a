package mcp_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/mcp"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/tools"
)

// asker records permission requests and answers them with deny (nil: allow).
// When asked is set, every request is also sent there.
type asker struct {
	mu    sync.Mutex
	reqs  []permission.Request
	deny  error
	asked chan permission.Request
}

func (a *asker) Ask(_ context.Context, req permission.Request) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.reqs = append(a.reqs, req)
	if a.asked != nil {
		a.asked <- req
	}
	return a.deny
}

func (a *asker) requests() []permission.Request {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.reqs)
}

// fixture is a started manager over a fresh registry.
type fixture struct {
	m    *mcp.Manager
	reg  *tools.Registry
	perm *asker
}

// start starts a manager for servers, waits for it and closes it at the
// end of the test.
func start(t *testing.T, servers map[string]config.MCPServer) *fixture {
	t.Helper()
	f := &fixture{reg: tools.NewRegistry(), perm: &asker{}}
	f.m = mcp.New(mcp.Options{Servers: servers, Registry: f.reg, Perms: f.perm, WorkDir: t.TempDir()})
	t.Cleanup(func() { _ = f.m.Close() })
	f.m.Start(context.WithoutCancel(t.Context()))
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	if err := f.m.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	return f
}

// status returns the state of server name.
func (f *fixture) status(t *testing.T, name string) mcp.Status {
	t.Helper()
	for _, s := range f.m.States() {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no server %q in %+v", name, f.m.States())
	return mcp.Status{}
}

// connected fails unless server name is connected.
func (f *fixture) connected(t *testing.T, name string) mcp.Status {
	t.Helper()
	st := f.status(t, name)
	if st.State != mcp.StateConnected {
		t.Fatalf("server %s: state %s (%s), want connected", name, st.State, st.Error)
	}
	return st
}

// run calls a tool through the registry, as the agent does.
func (f *fixture) run(t *testing.T, name, input string) tools.Result {
	t.Helper()
	ctx := tools.WithCall(t.Context(), tools.CallContext{SessionID: "s1", MessageID: "m1", CallID: "c1"})
	return f.reg.Run(ctx, tools.Call{ID: "c1", Name: name, Input: []byte(input)})
}

// waitState waits for an event of server name in state st.
func waitState(t *testing.T, ch <-chan pubsub.Event[mcp.Status], name string, st mcp.State) mcp.Status {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case ev := <-ch:
			if ev.Payload.Name == name && ev.Payload.State == st {
				return ev.Payload
			}
		case <-timeout:
			t.Fatalf("timed out waiting for %s to be %s", name, st)
		}
	}
}

// gone waits until neither process pid nor any process of its group
// exists (reaped, not merely a zombie).
func gone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		errPID, errGroup := syscall.Kill(pid, 0), syscall.Kill(-pid, 0)
		if errors.Is(errPID, syscall.ESRCH) && errors.Is(errGroup, syscall.ESRCH) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("process %d (or a process of its group) still exists", pid)
}

func contains(t *testing.T, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Errorf("got %q, want it to contain %q", got, want)
	}
}

func toolCall(name, input string) tools.Call {
	return tools.Call{ID: "c1", Name: name, Input: []byte(input)}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitFor waits until cond holds, checking it on every event of ch and
// every 50ms.
func waitFor(t *testing.T, cond func() bool, ch <-chan pubsub.Event[mcp.Status]) {
	t.Helper()
	timeout := time.After(15 * time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-ch:
		case <-tick.C:
		case <-timeout:
			t.Fatal("timed out waiting for the condition")
		}
	}
}
