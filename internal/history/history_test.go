package history_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/history"
	"github.com/honecode/hone/internal/tools"
)

// fixture is a database with session "s1" and a project directory.
type fixture struct {
	svc *history.Service
	db  *sql.DB
	dir string
	seq int
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	sqldb, err := db.Open(ctx, filepath.Join(t.TempDir(), "hone.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sqldb.Close() })
	if _, err := sqldb.ExecContext(ctx, `INSERT INTO sessions (id, project_dir, created_at, updated_at)
		VALUES ('s1', '/p', 1, 1)`); err != nil {
		t.Fatal(err)
	}
	return &fixture{svc: history.NewService(sqldb), db: sqldb, dir: t.TempDir()}
}

// message adds a message of role to s1 and returns its id.
func (f *fixture) message(t *testing.T, id, role string) string {
	t.Helper()
	f.seq++
	_, err := f.db.ExecContext(context.Background(), `INSERT INTO messages
		(id, session_id, role, status, created_at, updated_at) VALUES (?, 's1', ?, 'done', ?, ?)`,
		id, role, f.seq, f.seq)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// write changes a file on disk as a tool would and records the change.
func (f *fixture) write(t *testing.T, msgID, name, content string) {
	t.Helper()
	path := f.path(name)
	before, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		before = nil
	} else if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	ch := tools.FileChange{SessionID: "s1", MessageID: msgID, Path: path, Before: before, After: []byte(content)}
	if err := f.svc.SaveChange(context.Background(), ch); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) path(name string) string { return filepath.Join(f.dir, name) }

func (f *fixture) read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(f.path(name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRecordRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	if _, ok, err := f.svc.LastRead(ctx, "s1", "/a"); ok || err != nil {
		t.Fatalf("LastRead before any read = %v, %v", ok, err)
	}
	for _, rec := range []tools.ReadRecord{{Path: "/a", ModTime: 1, Size: 2}, {Path: "/a", ModTime: 3, Size: 4}} {
		if err := f.svc.RecordRead(ctx, "s1", rec); err != nil {
			t.Fatal(err)
		}
	}
	got, ok, err := f.svc.LastRead(ctx, "s1", "/a")
	if err != nil || !ok || got != (tools.ReadRecord{Path: "/a", ModTime: 3, Size: 4}) {
		t.Fatalf("LastRead = %+v, %v, %v", got, ok, err)
	}
	if _, ok, _ := f.svc.LastRead(ctx, "other", "/a"); ok {
		t.Fatal("a read leaked into another session")
	}
}

func TestSaveChangeChainsVersions(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	m := f.message(t, "a1", "assistant")
	f.write(t, m, "x.txt", "one\n")
	f.write(t, m, "x.txt", "one\ntwo\n")
	f.write(t, m, "x.txt", "one\ntwo\nthree\n")
	var n int
	if err := f.db.QueryRow(`SELECT count(*) FROM file_versions`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	// absent, then three afters: each change's "before" is the previous "after".
	if n != 4 {
		t.Fatalf("%d versions stored, want 4", n)
	}
	// A change made outside the tools breaks the chain: its "before" is stored.
	if err := os.WriteFile(f.path("x.txt"), []byte("edited by hand\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.write(t, m, "x.txt", "tool again\n")
	if err := f.db.QueryRow(`SELECT count(*) FROM file_versions`).Scan(&n); err != nil || n != 6 {
		t.Fatalf("%d versions stored, want 6 (%v)", n, err)
	}
}

func TestChanges(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if err := os.WriteFile(f.path("old.go"), []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := f.message(t, "a1", "assistant")
	f.write(t, m, "old.go", "a\nB\nc\nd\n")
	f.write(t, m, "new.go", "1\n2\n3")
	f.write(t, m, "same.go", "x\n")
	f.write(t, m, "same.go", "y\n")
	if err := os.WriteFile(f.path("back.go"), []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.write(t, m, "back.go", "changed\n")
	f.write(t, m, "back.go", "keep\n")
	got, err := f.svc.Changes(context.Background(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	want := []history.FileStat{
		{Path: f.path("new.go"), Added: 3, Created: true},
		{Path: f.path("old.go"), Added: 2, Removed: 1},
		{Path: f.path("same.go"), Added: 1, Created: true},
	}
	if len(got) != len(want) {
		t.Fatalf("Changes = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Changes[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
}
