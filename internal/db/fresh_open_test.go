//go:build unix

package db_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/honecode/hone/internal/db"
)

// TestOpenWaitsForAnotherProcessCreatingTheDatabase: a process that
// creates the database holds the migration lock while it switches the
// new file to WAL (an exclusive lock SQLite does not wait for) and
// migrates it. A second process opening the file meanwhile must wait for
// it, not fail with SQLITE_BUSY (two `hone run` started at once on a new
// data directory).
func TestOpenWaitsForAnotherProcessCreatingTheDatabase(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone.db")
	// The other process, part way: the file exists in rollback mode, it
	// holds the migration lock and a read lock on the database.
	lock, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.Exec(`CREATE TABLE early (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	// Its switch to WAL under way: it holds the write lock of the
	// rollback journal.
	conn, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), `INSERT INTO early VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	opened := make(chan error, 1)
	go func() {
		sqldb, err := db.Open(context.Background(), path)
		if err == nil {
			err = sqldb.Close()
		}
		opened <- err
	}()
	select {
	case err := <-opened:
		t.Fatalf("Open returned while another process was creating the database: %v", err)
	default:
	}
	// Give a wrong Open time to fail: it returns at once with SQLITE_BUSY.
	for range 20 {
		select {
		case err := <-opened:
			t.Fatalf("Open returned while another process was creating the database: %v", err)
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
	if _, err := conn.ExecContext(context.Background(), `COMMIT`); err != nil {
		t.Fatal(err)
	}
	_ = conn.Close()
	_ = lock.Close() // the other process is done
	if err := <-opened; err != nil {
		t.Fatalf("Open after the other process finished: %v", err)
	}
}
