package db_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/honecode/hone/internal/db"
)

func TestOpenMigratesEmptyFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "nested", "dir", "hone.db")
	sqldb, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	for _, table := range []string{"sessions", "messages", "file_versions", "read_files", "turns", db.VersionTable} {
		var n int
		err := sqldb.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type='table' AND name=?`, table).Scan(&n)
		if err != nil || n != 1 {
			t.Errorf("table %s: count %d, err %v", table, n, err)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file: %v", err)
	}
}

func TestOpenPragmas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sqldb, err := db.Open(ctx, filepath.Join(t.TempDir(), "hone.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	for pragma, want := range map[string]string{
		"journal_mode": "wal",
		"foreign_keys": "1",
		"synchronous":  "1", // NORMAL
		"busy_timeout": "10000",
		// A short log: the next process reads it whole (CheckpointPages).
		"wal_autocheckpoint": strconv.Itoa(db.CheckpointPages),
	} {
		var got string
		if err := sqldb.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
			t.Fatalf("pragma %s: %v", pragma, err)
		}
		if got != want {
			t.Errorf("pragma %s = %q, want %q", pragma, got, want)
		}
	}
}

func TestOpenIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "hone.db")
	first := mustOpen(t, path)
	if _, err := first.ExecContext(ctx,
		`INSERT INTO sessions (id, project_dir, created_at, updated_at) VALUES ('s1', '/p', 1, 1)`); err != nil {
		t.Fatal(err)
	}
	first.Close()
	second := mustOpen(t, path)
	defer second.Close()
	var n int
	if err := second.QueryRowContext(ctx, `SELECT count(*) FROM sessions`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("sessions after reopen: %d, %v", n, err)
	}
	var applied int
	if err := second.QueryRowContext(ctx, `SELECT count(*) FROM `+db.VersionTable+` WHERE version_id > 0`).Scan(&applied); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("migrations", "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	if applied != len(files) {
		t.Errorf("migration rows = %d, want %d, one per migration (migrations must not run twice)", applied, len(files))
	}
}

func TestOpenPathWithURICharacters(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "a dir?with#odd%chars")
	sqldb := mustOpen(t, filepath.Join(dir, "hone.db"))
	sqldb.Close()
	if _, err := os.Stat(filepath.Join(dir, "hone.db")); err != nil {
		t.Fatalf("database not created at the literal path: %v", err)
	}
}

func TestForeignKeysCascade(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sqldb := mustOpen(t, filepath.Join(t.TempDir(), "hone.db"))
	defer sqldb.Close()
	stmts := []string{
		`INSERT INTO sessions (id, project_dir, created_at, updated_at) VALUES ('s1', '/p', 1, 1)`,
		`INSERT INTO messages (id, session_id, role, status, created_at, updated_at) VALUES ('m1', 's1', 'user', 'done', 1, 1)`,
		`DELETE FROM sessions WHERE id = 's1'`,
	}
	for _, s := range stmts {
		if _, err := sqldb.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	var n int
	if err := sqldb.QueryRowContext(ctx, `SELECT count(*) FROM messages`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("messages after session delete = %d, %v; want 0", n, err)
	}
}

func mustOpen(t testing.TB, path string) *sql.DB {
	t.Helper()
	sqldb, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return sqldb
}

// BenchmarkOpenExisting measures opening an up-to-date database, which is
// on the path to the first model request (target: well under 20 ms).
func BenchmarkOpenExisting(b *testing.B) {
	path := filepath.Join(b.TempDir(), "hone.db")
	mustOpen(b, path).Close()
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		sqldb, err := db.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		sqldb.Close()
	}
}

func TestDSNOrder(t *testing.T) {
	t.Parallel()
	got := db.DSN("/data/hone.db")
	want := "file:/data/hone.db?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=wal_autocheckpoint(256)&_txlock=immediate"
	if got != want {
		t.Fatalf("DSN = %s\nwant  %s", got, want)
	}
}
