package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/history"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// seedEdits stores a session in dir whose one turn edited main.go and
// created added.go, and makes the files on disk match.
func seedEdits(t *testing.T, st *app.Store, dir string) session.Session {
	t.Helper()
	ctx := context.Background()
	s, err := st.Sessions.Create(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Messages.Create(ctx, message.Message{SessionID: s.ID, Role: llm.RoleUser}); err != nil {
		t.Fatal(err)
	}
	m, err := st.Messages.Create(ctx, message.Message{SessionID: s.ID, Role: llm.RoleAssistant})
	if err != nil {
		t.Fatal(err)
	}
	changes := []tools.FileChange{
		{Path: filepath.Join(dir, "main.go"), Before: []byte("package main\n"), After: []byte("package main // edited\n")},
		{Path: filepath.Join(dir, "added.go"), After: []byte("package main\n")},
	}
	for _, ch := range changes {
		ch.SessionID, ch.MessageID = s.ID, m.ID
		if err := os.WriteFile(ch.Path, ch.After, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := st.History.SaveChange(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestRunUndoLatestSessionOfProject(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	dir := projectDir(t)
	seedEdits(t, st, dir)

	io, out, errOut := testIO("")
	if err := runUndo(ctx, &UndoOptions{Cwd: dir, Store: st}, io); err != nil {
		t.Fatal(err)
	}
	wantContains(t, out.String(), "restored main.go\n", "deleted  added.go\n")
	wantContains(t, errOut.String(), "undid the last turn")
	if b, err := os.ReadFile(filepath.Join(dir, "main.go")); err != nil || string(b) != "package main\n" {
		t.Fatalf("main.go = %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "added.go")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("added.go still there: %v", err)
	}

	err := runUndo(ctx, &UndoOptions{Cwd: dir, Store: st}, io)
	if err == nil || exitCode(err) != ExitError {
		t.Fatalf("second undo = %v, want 'nothing to undo' (exit 1)", err)
	}
	wantContains(t, err.Error(), "nothing to undo")
}

func TestRunUndoConflictNamesFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	dir := projectDir(t)
	s := seedEdits(t, st, dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("hand edit\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	io, _, _ := testIO("")
	err := runUndo(ctx, &UndoOptions{Session: s.ID[:30], Store: st}, io)
	var conflict *history.ConflictError
	if !errors.As(err, &conflict) {
		t.Fatalf("undo over a hand edit = %v, want a ConflictError", err)
	}
	wantContains(t, err.Error(), filepath.Join(dir, "main.go"), "changed on disk")
	if _, err := os.Stat(filepath.Join(dir, "added.go")); err != nil {
		t.Fatalf("a refused undo deleted added.go: %v", err)
	}
}

func TestRunUndoJSONAndNoSession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := newTestStore(t)
	dir := projectDir(t)
	s := seedEdits(t, st, dir)
	io, out, _ := testIO("")
	if err := runUndo(ctx, &UndoOptions{Session: s.ID, JSON: true, Store: st}, io); err != nil {
		t.Fatal(err)
	}
	var res history.UndoResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || len(res.Restored) != 1 || len(res.Deleted) != 1 {
		t.Fatalf("--json = %s (%v)", out, err)
	}
	err := runUndo(ctx, &UndoOptions{Cwd: projectDir(t), Store: st}, io)
	if err == nil || exitCode(err) != ExitError {
		t.Fatalf("undo in a project without sessions = %v", err)
	}
	wantContains(t, err.Error(), "no session in")
}
