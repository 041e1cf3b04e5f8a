package db

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// openKeeping opens a database through Open and pins one connection, so
// that every statement of the test runs on it.
func openKeeping(t testing.TB) (*sql.DB, *sql.Conn) {
	t.Helper()
	ctx := context.Background()
	sqldb, err := Open(ctx, filepath.Join(t.TempDir(), "hone.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sqldb.Close() })
	conn, err := sqldb.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if _, err := conn.ExecContext(ctx, `CREATE TABLE kv (k TEXT PRIMARY KEY, v INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return sqldb, conn
}

// keptTexts returns the statement texts conn keeps prepared.
func keptTexts(t *testing.T, conn *sql.Conn) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := conn.Raw(func(dc any) error {
		kc, ok := dc.(*keepingConn)
		if !ok {
			return fmt.Errorf("driver connection is %T, not *keepingConn", dc)
		}
		for q := range kc.kept {
			out[q] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestStatementsAreKeptAndReused(t *testing.T) {
	ctx := context.Background()
	_, conn := openKeeping(t)
	const insert = `INSERT INTO kv (k, v) VALUES (?, ?)`
	const get = `SELECT v FROM kv WHERE k = ?`
	for i := range 5 {
		if _, err := conn.ExecContext(ctx, insert, fmt.Sprint("k", i), i); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 {
		var v int
		if err := conn.QueryRowContext(ctx, get, fmt.Sprint("k", i)).Scan(&v); err != nil || v != i {
			t.Fatalf("get k%d = %d, %v; want %d", i, v, err, i)
		}
	}
	kept := keptTexts(t, conn)
	if !kept[insert] || !kept[get] {
		t.Fatalf("kept %v; want the insert and the select", kept)
	}
	for q := range kept {
		if !strings.Contains(q, "?") {
			t.Errorf("kept %q, which has no arguments", q)
		}
	}
}

func TestKeptStatementRecoversFromAnError(t *testing.T) {
	ctx := context.Background()
	_, conn := openKeeping(t)
	const insert = `INSERT INTO kv (k, v) VALUES (?, ?)`
	if _, err := conn.ExecContext(ctx, insert, "a", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, insert, "a", 2); err == nil {
		t.Fatal("a duplicate key was inserted")
	}
	if _, err := conn.ExecContext(ctx, insert, "b", 3); err != nil {
		t.Fatalf("insert after a failed one: %v", err)
	}
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT sum(v) FROM kv WHERE k IN (?, ?)`, "a", "b").Scan(&n); err != nil || n != 4 {
		t.Fatalf("sum = %d, %v; want 4", n, err)
	}
}

// A statement whose rows are still open is run unkept by a second use of
// the same text (here inside the loop over the first one's rows).
func TestSameStatementWhileItsRowsAreOpen(t *testing.T) {
	ctx := context.Background()
	_, conn := openKeeping(t)
	for i := range 3 {
		if _, err := conn.ExecContext(ctx, `INSERT INTO kv (k, v) VALUES (?, ?)`, fmt.Sprint(i), i); err != nil {
			t.Fatal(err)
		}
	}
	const list = `SELECT k, v FROM kv WHERE v >= ? ORDER BY v`
	rows, err := conn.QueryContext(ctx, list, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close() // a failure below must not leave the connection held
	// Bounded: were the inner query to reset the outer statement, the outer
	// rows would start over forever.
	var outer, inner int
	for outer < 10 && rows.Next() {
		var k string
		var v int
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		outer++
		in, err := conn.QueryContext(ctx, list, v)
		if err != nil {
			t.Fatal(err)
		}
		for in.Next() {
			inner++
		}
		if err := in.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	if outer != 3 || inner != 3+2+1 {
		t.Fatalf("outer %d inner %d rows; want 3 and 6", outer, inner)
	}
	// Once closed, the kept statement serves again.
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM (`+list+`)`, 1).Scan(&n); err != nil || n != 2 {
		t.Fatalf("count = %d, %v; want 2", n, err)
	}
}

func TestKeptStatementsAreBounded(t *testing.T) {
	ctx := context.Background()
	_, conn := openKeeping(t)
	for i := range keptPerConn + 20 {
		q := fmt.Sprintf(`SELECT v + %d FROM kv WHERE k = ?`, i)
		if err := conn.QueryRowContext(ctx, q, "none").Scan(new(int)); err != sql.ErrNoRows {
			t.Fatalf("query %d: %v", i, err)
		}
	}
	if n := len(keptTexts(t, conn)); n > keptPerConn {
		t.Fatalf("kept %d statements, bound %d", n, keptPerConn)
	}
}

// Statements run in a transaction use the connection's kept statements,
// and a rolled-back transaction leaves nothing behind.
func TestKeptStatementsInTransactions(t *testing.T) {
	ctx := context.Background()
	sqldb, _ := openKeeping(t)
	const insert = `INSERT INTO kv (k, v) VALUES (?, ?)`
	for i, commit := range []bool{true, false, true} {
		tx, err := sqldb.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, insert, fmt.Sprint("t", i), i); err != nil {
			t.Fatal(err)
		}
		if commit {
			err = tx.Commit()
		} else {
			err = tx.Rollback()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := sqldb.QueryRowContext(ctx, `SELECT count(*) FROM kv WHERE k LIKE ?`, "t%").Scan(&n); err != nil || n != 2 {
		t.Fatalf("count = %d, %v; want 2", n, err)
	}
}

// BenchmarkQueryKept is a small indexed query, as the queued-prompt check
// runs between a tool's result and the next request: kept (through Open)
// against parsed at every call (the same connection with the statement
// text varied so that it is never kept).
func BenchmarkQueryKept(b *testing.B) {
	ctx := context.Background()
	b.Run("kept", func(b *testing.B) {
		_, conn := openKeeping(b)
		for b.Loop() {
			if err := conn.QueryRowContext(ctx, `SELECT v FROM kv WHERE k = ?`, "none").Scan(new(int)); err != sql.ErrNoRows {
				b.Fatal(err)
			}
		}
	})
	b.Run("parsed", func(b *testing.B) {
		_, conn := openKeeping(b)
		for b.Loop() {
			if err := conn.QueryRowContext(ctx, `SELECT v FROM kv WHERE k = 'none'`).Scan(new(int)); err != sql.ErrNoRows {
				b.Fatal(err)
			}
		}
	})
}

// Warm prepares on the idle connection what later statements find kept,
// counts only what it prepared, and leaves a busy pool alone.
func TestWarmKeepsStatementsOnTheIdleConnection(t *testing.T) {
	ctx := context.Background()
	sqldb, conn := openKeeping(t)
	if err := conn.Close(); err != nil { // idle now: Warm's connection
		t.Fatal(err)
	}
	const insert = `INSERT INTO kv (k, v) VALUES (?, ?)`
	const get = `SELECT v FROM kv WHERE k = ?`
	if n, err := Warm(ctx, sqldb, []string{insert, get}); err != nil || n != 2 {
		t.Fatalf("Warm = %d, %v; want 2 prepared", n, err)
	}
	if n, err := Warm(ctx, sqldb, []string{insert, get}); err != nil || n != 0 {
		t.Fatalf("Warm again = %d, %v; want 0 (both kept)", n, err)
	}
	busy, err := sqldb.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !keptTexts(t, busy)[insert] || !keptTexts(t, busy)[get] {
		t.Fatalf("the pool's connection keeps %v; want the warmed statements", keptTexts(t, busy))
	}
	if n, err := Warm(ctx, sqldb, []string{`DELETE FROM kv WHERE k = ?`}); err != nil || n != 0 {
		t.Fatalf("Warm with no idle connection = %d, %v; want nothing done", n, err)
	}
	if open := sqldb.Stats().OpenConnections; open != 1 {
		t.Fatalf("%d connections open; Warm must not open one", open)
	}
	busy.Close()
	if _, err := Warm(ctx, sqldb, []string{`SELECT nope FROM kv WHERE k = ?`}); err == nil {
		t.Fatal("Warm of a statement that does not prepare: no error")
	}
}
