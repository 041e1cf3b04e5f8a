package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"sync"
)

// fileLocker is a goose lock.Locker that serializes migrations between
// processes with an advisory lock on a file beside the database. It does
// not touch the database file itself: closing any descriptor of that file
// would drop SQLite's own POSIX locks.
type fileLocker struct {
	path string

	mu sync.Mutex
	f  *os.File
}

// Lock blocks until this process holds the migration lock or ctx ends.
func (l *fileLocker) Lock(ctx context.Context, _ *sql.DB) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, err := os.OpenFile(l.path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return fmt.Errorf("migration lock: %w", err)
	}
	if err := lockFile(ctx, f); err != nil {
		_ = f.Close()
		return fmt.Errorf("migration lock: %w", err)
	}
	l.f = f
	return nil
}

// Unlock releases the lock taken by Lock.
func (l *fileLocker) Unlock(_ context.Context, _ *sql.DB) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the descriptor releases the flock
	l.f = nil
	if err != nil {
		return fmt.Errorf("migration unlock: %w", err)
	}
	return nil
}

// heldLock is the migration lock of a caller that already holds it.
type heldLock struct{}

func (heldLock) Lock(context.Context, *sql.DB) error   { return nil }
func (heldLock) Unlock(context.Context, *sql.DB) error { return nil }
