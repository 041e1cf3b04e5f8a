package lsp_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/lsp"
	"github.com/honecode/hone/internal/pubsub"

	"github.com/honecode/hone/internal/testenv"
)

// goModule writes a small Go module: Add in calc.go, used in use.go and
// main.go.
func goModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/calc\n\ngo 1.22\n")
	write(t, dir, "calc.go", "package calc\n\n// Add returns the sum of x and y.\nfunc Add(x, y int) int { return x + y }\n")
	write(t, dir, "use.go", "package calc\n\n// Twice doubles x.\nfunc Twice(x int) int { return Add(x, x) }\n")
	write(t, dir, "more.go", "package calc\n\n// Thrice triples x.\nfunc Thrice(x int) int { return Add(Add(x, x), x) }\n")
	return dir
}

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// newManager returns a manager for dir (gopls detected on PATH unless
// servers configure otherwise) closed at the end of the test.
func newManager(t *testing.T, dir string, servers map[string]config.LSPServer) *lsp.Manager {
	t.Helper()
	testenv.LookPath(t, "gopls")
	m := lsp.New(lsp.Options{WorkDir: dir, Servers: servers})
	t.Cleanup(func() { _ = m.Close() })
	return m
}

// state returns the status of the started server called name.
func state(t *testing.T, m *lsp.Manager, name string) lsp.Status {
	t.Helper()
	for _, s := range m.States() {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no server %s in %+v", name, m.States())
	return lsp.Status{}
}

// waitState waits for an event of server name in state st.
func waitState(t *testing.T, ch <-chan pubsub.Event[lsp.Status], name string, st lsp.State) lsp.Status {
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

// gone waits until process pid no longer exists.
func gone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return
		}
	}
	t.Errorf("process %d still exists", pid)
}

func contains(t *testing.T, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Errorf("got %q, want it to contain %q", got, want)
	}
}
