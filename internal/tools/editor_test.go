package tools

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// bufferEditor is an Editor holding unsaved buffers by path; files it does
// not hold are left to the disk.
type bufferEditor struct {
	mu      sync.Mutex
	buffers map[string]string
	writes  []string
	failAll bool
}

func (e *bufferEditor) ReadTextFile(_ context.Context, path string) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.failAll {
		return "", errors.New("editor went away")
	}
	text, ok := e.buffers[path]
	if !ok {
		return "", ErrNotInEditor
	}
	return text, nil
}

func (e *bufferEditor) WriteTextFile(_ context.Context, path, content string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, ok := e.buffers[path]; !ok {
		return ErrNotInEditor
	}
	e.buffers[path] = content
	e.writes = append(e.writes, path)
	return nil
}

func TestEditorBuffersAreReadAndWritten(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	p := te.write(t, "main.go", "on disk\n")
	ed := &bufferEditor{buffers: map[string]string{p: "unsaved line\n"}}
	te.Env.Editor = ed
	res := te.run(t, "view", jsonArgs{"file_path": "main.go"})
	if res.IsError || !strings.Contains(res.Content, "unsaved line") || strings.Contains(res.Content, "on disk") {
		t.Fatalf("view did not read the editor's buffer: %s", res.Content)
	}
	res = te.run(t, "edit", jsonArgs{"file_path": "main.go", "old_string": "unsaved", "new_string": "edited"})
	if res.IsError {
		t.Fatalf("edit: %s", res.Content)
	}
	if ed.buffers[p] != "edited line\n" || len(ed.writes) != 1 {
		t.Errorf("buffer = %q, writes %v", ed.buffers[p], ed.writes)
	}
	if got := te.read(t, "main.go"); got != "on disk\n" {
		t.Errorf("the disk was written behind the editor: %q", got)
	}
	if saved := te.files.saved(); len(saved) != 1 || string(saved[0].Before) != "unsaved line\n" {
		t.Errorf("undo history = %+v", saved)
	}
}

func TestEditorLeavesOtherFilesToTheDisk(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.write(t, "a.txt", "disk text\n")
	ed := &bufferEditor{buffers: map[string]string{}}
	te.Env.Editor = ed
	if res := te.run(t, "view", jsonArgs{"file_path": "a.txt"}); !strings.Contains(res.Content, "disk text") {
		t.Fatalf("view: %s", res.Content)
	}
	if res := te.run(t, "edit", jsonArgs{"file_path": "a.txt", "old_string": "disk", "new_string": "new"}); res.IsError {
		t.Fatalf("edit: %s", res.Content)
	}
	if res := te.run(t, "write", jsonArgs{"file_path": "sub/b.txt", "content": "created\n"}); res.IsError {
		t.Fatalf("write: %s", res.Content)
	}
	if te.read(t, "a.txt") != "new text\n" || te.read(t, filepath.Join("sub", "b.txt")) != "created\n" || len(ed.writes) != 0 {
		t.Errorf("disk files not written on disk; editor writes %v", ed.writes)
	}
}

func TestEditorFailureIsReported(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.write(t, "a.txt", "x\n")
	te.Env.Editor = &bufferEditor{failAll: true}
	res := te.run(t, "view", jsonArgs{"file_path": "a.txt"})
	if !res.IsError || !strings.Contains(res.Content, "editor went away") {
		t.Errorf("view = %+v", res)
	}
}
