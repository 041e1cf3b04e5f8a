package history_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/honecode/hone/internal/fsguard"
	"github.com/honecode/hone/internal/history"
)

// twoTurns records two user turns: the first creates new.txt and edits
// keep.txt (over several messages), the second edits keep.txt and
// other.txt.
func twoTurns(t *testing.T, f *fixture) {
	t.Helper()
	for name, content := range map[string]string{"keep.txt": "original\n", "other.txt": "other original\n"} {
		if err := os.WriteFile(f.path(name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	f.message(t, "u1", "user")
	a1 := f.message(t, "a1", "assistant")
	f.write(t, a1, "new.txt", "brand new\n")
	f.message(t, "t1", "tool")
	a2 := f.message(t, "a2", "assistant")
	f.write(t, a2, "keep.txt", "turn one\n")
	f.message(t, "u2", "user")
	a3 := f.message(t, "a3", "assistant")
	f.write(t, a3, "keep.txt", "turn two\n")
	f.write(t, a3, "other.txt", "other turn two\n")
}

func TestUndoLastRevertsTurnByTurn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	twoTurns(t, f)

	res, err := f.svc.UndoLast(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Restored, []string{f.path("keep.txt"), f.path("other.txt")}) || len(res.Deleted) != 0 {
		t.Fatalf("first undo = %+v", res)
	}
	if got := f.read(t, "keep.txt"); got != "turn one\n" {
		t.Fatalf("keep.txt = %q, want turn one's content", got)
	}
	if got := f.read(t, "other.txt"); got != "other original\n" {
		t.Fatalf("other.txt = %q", got)
	}
	if fi, err := os.Stat(f.path("other.txt")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode not kept: %v %v", fi.Mode(), err)
	}

	res, err = f.svc.UndoLast(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Restored, []string{f.path("keep.txt")}) || !slices.Equal(res.Deleted, []string{f.path("new.txt")}) {
		t.Fatalf("second undo = %+v", res)
	}
	if got := f.read(t, "keep.txt"); got != "original\n" {
		t.Fatalf("keep.txt = %q, want the original", got)
	}
	if _, err := os.Stat(f.path("new.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("new.txt still exists: %v", err)
	}
	if _, err := f.svc.UndoLast(ctx, "s1"); !errors.Is(err, history.ErrNothingToUndo) {
		t.Fatalf("third undo = %v, want ErrNothingToUndo", err)
	}
	if changes, err := f.svc.Changes(ctx, "s1"); err != nil || len(changes) != 0 {
		t.Fatalf("Changes after undoing everything = %+v, %v", changes, err)
	}
}

func TestUndoLastRefusesWhenFileChanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	twoTurns(t, f)
	if err := os.WriteFile(f.path("other.txt"), []byte("edited by hand\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.UndoLast(ctx, "s1")
	var conflict *history.ConflictError
	if !errors.As(err, &conflict) || conflict.Path != f.path("other.txt") {
		t.Fatalf("UndoLast = %v, want a ConflictError naming other.txt", err)
	}
	if got := f.read(t, "keep.txt"); got != "turn two\n" {
		t.Fatalf("a refused undo changed keep.txt to %q", got)
	}
	// Removing a file the turn wrote is a conflict too.
	if err := os.WriteFile(f.path("other.txt"), []byte("other turn two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(f.path("keep.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.UndoLast(ctx, "s1"); !errors.As(err, &conflict) || conflict.Path != f.path("keep.txt") {
		t.Fatalf("UndoLast with a deleted file = %v", err)
	}
}

func TestUndoWithoutMessageRows(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	// Changes tagged with ids the messages table does not know are undone
	// one message at a time.
	f.write(t, "x1", "a.txt", "first\n")
	f.write(t, "x2", "a.txt", "second\n")
	res, err := f.svc.UndoLast(context.Background(), "s1")
	if err != nil || len(res.Restored) != 1 {
		t.Fatalf("UndoLast = %+v, %v", res, err)
	}
	if got := f.read(t, "a.txt"); got != "first\n" {
		t.Fatalf("a.txt = %q", got)
	}
}

// A directory the turn wrote into that became a symbolic link afterwards
// must not lead the undo outside: the file the link reaches, with the very
// content the turn wrote, stays where it is.
func TestUndoDoesNotFollowDirectoryTurnedLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	if err := os.Mkdir(f.path("sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.message(t, "u1", "user")
	a1 := f.message(t, "a1", "assistant")
	f.write(t, a1, "sub/new.txt", "brand new\n")

	outside := t.TempDir()
	victim := filepath.Join(outside, "new.txt")
	if err := os.WriteFile(victim, []byte("brand new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(f.path("sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, f.path("sub")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.UndoLast(ctx, "s1"); !errors.Is(err, fsguard.ErrRedirected) {
		t.Fatalf("UndoLast through a link = %v, want fsguard.ErrRedirected", err)
	}
	if got, err := os.ReadFile(victim); err != nil || string(got) != "brand new\n" {
		t.Fatalf("the file outside the project was touched: %q %v", got, err)
	}
}
