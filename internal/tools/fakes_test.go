package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/permission"
)

// Test doubles shared by the tests of this package.

// recordingAsker records every permission request and answers with deny
// (when set) or allow. onAsk, when set, runs before answering (to change
// the file system between a tool's check and its action).
type recordingAsker struct {
	mu       sync.Mutex
	requests []permission.Request
	deny     bool
	feedback string
	onAsk    func(permission.Request)
}

func (a *recordingAsker) Ask(_ context.Context, req permission.Request) error {
	a.mu.Lock()
	a.requests = append(a.requests, req)
	hook := a.onAsk
	a.mu.Unlock()
	if hook != nil {
		hook(req)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.deny {
		return &permission.DeniedError{Tool: req.ToolName, Feedback: a.feedback}
	}
	return nil
}

func (a *recordingAsker) asked() []permission.Request {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]permission.Request(nil), a.requests...)
}

// memFiles is an in-memory FileTracker.
type memFiles struct {
	mu      sync.Mutex
	reads   map[string]ReadRecord // session + "\x00" + path
	changes []FileChange
}

func (m *memFiles) RecordRead(_ context.Context, sessionID string, rec ReadRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.reads == nil {
		m.reads = map[string]ReadRecord{}
	}
	m.reads[sessionID+"\x00"+rec.Path] = rec
	return nil
}

func (m *memFiles) LastRead(_ context.Context, sessionID, path string) (ReadRecord, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	rec, ok := m.reads[sessionID+"\x00"+path]
	return rec, ok, nil
}

func (m *memFiles) SaveChange(_ context.Context, ch FileChange) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.changes = append(m.changes, ch)
	return nil
}

func (m *memFiles) saved() []FileChange {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]FileChange(nil), m.changes...)
}

// memTodos is an in-memory TodoStore.
type memTodos struct {
	mu    sync.Mutex
	lists map[string][]Todo
}

func (m *memTodos) SetTodos(_ context.Context, sessionID string, todos []Todo) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.lists == nil {
		m.lists = map[string][]Todo{}
	}
	m.lists[sessionID] = todos
	return nil
}

// fakeWatcher records opened and changed files and returns diag for
// every change.
type fakeWatcher struct {
	mu      sync.Mutex
	opened  []string
	changed []string
	diag    string
}

func (w *fakeWatcher) Opened(_ context.Context, path string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.opened = append(w.opened, path)
}

func (w *fakeWatcher) Changed(_ context.Context, path string) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.changed = append(w.changed, path)
	return w.diag
}

// toolEnv is an Env over a fresh project directory with every fake wired.
type toolEnv struct {
	*Env
	asker   *recordingAsker
	files   *memFiles
	todos   *memTodos
	watcher *fakeWatcher
	root    string // real path of the project directory
	outside string // real path of a sibling directory outside the project
}

func newToolEnv(t testing.TB) *toolEnv {
	t.Helper()
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	te := &toolEnv{
		asker: &recordingAsker{}, files: &memFiles{}, todos: &memTodos{}, watcher: &fakeWatcher{},
		root: filepath.Join(tmp, "project"), outside: filepath.Join(tmp, "outside"),
	}
	for _, d := range []string{te.root, te.outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	te.Env = &Env{WorkDir: te.root, Perms: te.asker, Files: te.files, Todos: te.todos, Watcher: te.watcher}
	return te
}

// write creates a file below the project root (rel) with content.
func (te *toolEnv) write(t testing.TB, rel, content string) string {
	t.Helper()
	p := filepath.Join(te.root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// read returns the content of a file below the project root.
func (te *toolEnv) read(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(te.root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// testCallContext is the call context every test call runs with.
var testCallContext = CallContext{SessionID: "s1", MessageID: "m1"}

// run calls the tool through a registry of all built-in tools, the entry
// point the agent uses.
func (te *toolEnv) run(t *testing.T, name string, args any) Result {
	t.Helper()
	return runOn(t, NewRegistry(Builtins(te.Env)...), name, args)
}

// runOn runs one call on reg with the test call context.
func runOn(t testing.TB, reg *Registry, name string, args any) Result {
	t.Helper()
	input, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	ctx := WithCall(t.Context(), testCallContext)
	return reg.Run(ctx, Call{ID: "c1", Name: name, Input: input})
}

// jsonArgs is shorthand for tool arguments.
type jsonArgs = map[string]any
