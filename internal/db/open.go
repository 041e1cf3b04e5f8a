package db

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// BusyTimeout is how long a connection waits for another writer (in this
// or another process) before SQLite reports SQLITE_BUSY.
const BusyTimeout = 10 * time.Second

// Open opens (creating it and its directory if needed) the database at
// path and applies any pending migrations. The caller closes the *sql.DB.
func Open(ctx context.Context, path string) (*sql.DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	conn, err := newKeepingConnector(DSN(abs))
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", abs, err)
	}
	sqldb := sql.OpenDB(conn)
	// A few idle connections spare re-running the DSN pragmas; WAL lets
	// them read concurrently while one writes.
	sqldb.SetMaxIdleConns(4)
	if err := initOnce(ctx, sqldb, abs); err != nil {
		_ = sqldb.Close()
		return nil, fmt.Errorf("open database %s: %w", abs, err)
	}
	return sqldb, nil
}

// initOnce migrates the database at abs. A file not yet in WAL mode (a
// new one) is created, switched and migrated by one process at a time,
// under the migration lock: switching takes SQLite's exclusive lock, and
// a connection that finds another one switching gets SQLITE_BUSY at once
// instead of waiting (busy_timeout does not cover it), so two processes
// starting on a new data directory would otherwise fail.
func initOnce(ctx context.Context, sqldb *sql.DB, abs string) error {
	locker := &fileLocker{path: abs + ".lock"}
	if inWALMode(abs) {
		return migrate(ctx, sqldb, locker)
	}
	if err := locker.Lock(ctx, sqldb); err != nil {
		return err
	}
	defer func() { _ = locker.Unlock(ctx, sqldb) }()
	return migrate(ctx, sqldb, heldLock{})
}

// inWALMode reports whether the database file at path is in WAL mode:
// its header's file format numbers (bytes 18 and 19) are 2. A missing,
// empty or unreadable file is not.
func inWALMode(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var hdr [20]byte
	if _, err := f.ReadAt(hdr[:], 0); err != nil {
		return false
	}
	return hdr[18] == 2 && hdr[19] == 2
}

// CheckpointPages is the connections' wal_autocheckpoint: a commit that
// leaves the write-ahead log longer than this many pages copies it into
// the database file. A process that exits without closing the database
// (app.Options.ExitAfterClose) leaves its log to the next opener, which
// reads all of it when it opens (about 2.5 µs a page on the development
// VM); a quarter of SQLite's default keeps that under a millisecond, and
// the copy, when it comes, small.
const CheckpointPages = 256

// DSN returns the modernc.org/sqlite data source name for the database
// file at the absolute path abs. The pragmas run on every new connection,
// busy_timeout first so that switching to WAL on a fresh file waits for a
// concurrent opener instead of failing. _txlock=immediate makes BeginTx
// take the write lock at BEGIN, so a transaction never fails half-way with
// SQLITE_BUSY when upgrading from reader to writer.
func DSN(abs string) string {
	pragmas := []string{
		"busy_timeout(" + strconv.FormatInt(BusyTimeout.Milliseconds(), 10) + ")",
		"journal_mode(WAL)",
		"foreign_keys(1)",
		"synchronous(NORMAL)",
		"wal_autocheckpoint(" + strconv.Itoa(CheckpointPages) + ")",
	}
	query := "_pragma=" + strings.Join(pragmas, "&_pragma=") + "&_txlock=immediate"
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path: file:/C:/…
	}
	u := url.URL{Scheme: "file", Path: p, OmitHost: true, RawQuery: query}
	return u.String()
}
