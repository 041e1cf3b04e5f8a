package lsp_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/lsp"

	"github.com/honecode/hone/internal/testenv"
)

const typeError = `cannot use "three" (untyped string constant) as int value in argument to Add`

// An edit that introduces a type error gets that error back from Changed;
// fixing it clears it.
func TestGoplsChangedReportsTypeError(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, nil)
	use := dir + "/use.go"
	_ = m.Open(t.Context(), use)
	st := state(t, m, "gopls")
	if st.State != lsp.StateReady || st.Diagnostics != lsp.DiagnosticsPush || !st.Detected || st.Root != dir {
		t.Errorf("status %+v", st)
	}

	write(t, dir, "use.go", "package calc\n\n// Twice doubles x.\nfunc Twice(x int) int { return Add(x, \"three\") }\n")
	got := m.Changed(t.Context(), use)
	contains(t, got, "gopls reports 1 problem in use.go after this change:")
	contains(t, got, "4:39 error: "+typeError)

	write(t, dir, "use.go", "package calc\n\n// Twice doubles x.\nfunc Twice(x int) int { return Add(x, x) }\n")
	if got := m.Changed(t.Context(), use); got != "" {
		t.Errorf("after the fix: %q", got)
	}
}

// A file written without being opened first (the write tool creating it)
// gets its diagnostics too.
func TestGoplsNewFile(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, nil)
	p := write(t, dir, "new.go", "package calc\n\nvar answer int = Add(40, \"2\")\n")
	contains(t, m.Changed(t.Context(), p), `cannot use "2" (untyped string constant) as int value in argument to Add`)
}

// Servers that answer pull requests are asked (gopls does with its
// pullDiagnostics option), which also proves init_options reach them.
func TestGoplsPullDiagnostics(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, map[string]config.LSPServer{"gopls": {
		Command: testenv.LookPath(t, "gopls"), Filetypes: []string{".go"}, RootMarkers: []string{"go.mod"},
		InitOptions: map[string]any{"pullDiagnostics": true},
	}})
	use := dir + "/use.go"
	_ = m.Open(t.Context(), use)
	if st := state(t, m, "gopls"); st.Diagnostics != lsp.DiagnosticsPull || st.Detected {
		t.Fatalf("status %+v", st)
	}
	write(t, dir, "use.go", "package calc\n\n// Twice doubles x.\nfunc Twice(x int) int { return Add(x, \"three\") }\n")
	contains(t, m.Changed(t.Context(), use), typeError)
}

// A server that crashes is reported at once; the next file restarts it
// once its backoff has passed, and in the meantime nothing waits for it.
func TestGoplsCrashIsReportedAndRestarted(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, nil)
	events := m.Subscribe(t.Context())
	use := dir + "/use.go"
	_ = m.Open(t.Context(), use)
	pids := m.PIDs()
	if len(pids) != 1 {
		t.Fatalf("pids %v", pids)
	}
	if err := syscall.Kill(pids[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	st := waitState(t, events, "gopls", lsp.StateFailed)
	contains(t, st.Error, "killed")

	write(t, dir, "use.go", "package calc\n\nfunc Twice(x int) int { return Add(x, \"three\") }\n")
	begin := time.Now()
	if got := m.Changed(t.Context(), use); got != "" || time.Since(begin) > time.Second {
		t.Errorf("during the backoff: %q after %s", got, time.Since(begin))
	}
	time.Sleep(1100 * time.Millisecond)
	contains(t, m.Changed(t.Context(), use), typeError)
	if st := state(t, m, "gopls"); st.State != lsp.StateReady {
		t.Errorf("after restart: %+v", st)
	}
}

// A server that stops answering is reported and killed within its
// timeout instead of holding the tool up.
func TestGoplsHungIsKilled(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, map[string]config.LSPServer{"gopls": {
		Command: testenv.LookPath(t, "gopls"), Filetypes: []string{".go"}, RootMarkers: []string{"go.mod"}, Timeout: 2,
	}})
	use := dir + "/use.go"
	_ = m.Open(t.Context(), use)
	pid := m.PIDs()[0]
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	_, err := m.References(t.Context(), "Add", use)
	if err == nil || time.Since(begin) > 4*time.Second {
		t.Fatalf("references on a stopped server: %v after %s", err, time.Since(begin))
	}
	st := state(t, m, "gopls")
	if st.State != lsp.StateFailed {
		t.Fatalf("status %+v", st)
	}
	contains(t, st.Error, "not responding")
	gone(t, pid)
}

// A configured server that never answers the handshake fails within its
// timeout and leaves no process behind.
func TestSilentServerFailsWithinTimeout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := lsp.New(lsp.Options{WorkDir: dir, NoDetect: true, Servers: map[string]config.LSPServer{
		"mute": {Command: "sleep", Args: []string{"600"}, Filetypes: []string{"txt"}, Timeout: 1},
	}})
	t.Cleanup(func() { _ = m.Close() })
	events := m.Subscribe(t.Context())
	p := write(t, dir, "notes.txt", "hello\n")
	begin := time.Now()
	if got := m.Changed(t.Context(), p); got != "" {
		t.Errorf("Changed = %q", got)
	}
	if d := time.Since(begin); d > 1500*time.Millisecond {
		t.Errorf("Changed took %s", d)
	}
	st := waitState(t, events, "mute", lsp.StateFailed)
	contains(t, st.Error, "not responding: initialize took longer than 1s")
	if pids := m.PIDs(); len(pids) != 0 {
		t.Errorf("processes left: %v", pids)
	}
}

// No language server process outlives Close.
func TestCloseLeavesNoProcess(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, nil)
	_ = m.Open(t.Context(), dir+"/use.go")
	pids := m.PIDs()
	if len(pids) != 1 {
		t.Fatalf("pids %v", pids)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	for _, pid := range pids {
		gone(t, pid)
	}
}

// Opened returns before the server has started (a read never waits for
// it); the server still comes up in the background.
func TestOpenedDoesNotWaitForTheServer(t *testing.T) {
	t.Parallel()
	dir := goModule(t)
	m := newManager(t, dir, nil)
	m.Opened(t.Context(), dir+"/use.go")
	if st := state(t, m, "gopls"); st.State == lsp.StateReady {
		t.Fatalf("Opened waited for the server: state %s right after it returned", st.State)
	}
	deadline := time.Now().Add(30 * time.Second)
	for state(t, m, "gopls").State != lsp.StateReady {
		if time.Now().After(deadline) {
			t.Fatalf("server never became ready: %+v", state(t, m, "gopls"))
		}
		time.Sleep(20 * time.Millisecond)
	}
}
