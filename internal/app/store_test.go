package app

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

func TestStoreIsLazyAndShared(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	a, err := New(ctx, Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "hone.db")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("database exists before Store was asked for: %v", err)
	}
	first, err := a.Store(ctx)
	if err != nil {
		t.Fatal(err)
	}
	second, err := a.Store(ctx)
	if err != nil || second != first {
		t.Fatalf("second Store = %p, %v; want the same %p", second, err, first)
	}
	if _, err := os.Stat(filepath.Join(dir, "hone.db")); err != nil {
		t.Fatalf("database not in the data dir: %v", err)
	}
	if _, err := first.Sessions.Create(ctx, "/p"); err != nil {
		t.Fatal(err)
	}
	if err := a.closeStore(); err != nil {
		t.Fatal(err)
	}
	if err := first.DB.PingContext(ctx); err == nil {
		t.Fatal("database still open after closeStore")
	}
	if _, err := a.Store(ctx); !errors.Is(err, ErrStoreClosed) {
		t.Fatalf("Store after close = %v, want ErrStoreClosed", err)
	}
}

func TestStoreUsesEnvironmentWithoutDataDir(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	env := map[string]string{"HONE_DATA_DIR": dir}
	a, err := New(ctx, Options{Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Store(ctx); err != nil {
		t.Fatal(err)
	}
	defer a.closeStore()
	if _, err := os.Stat(filepath.Join(dir, "hone.db")); err != nil {
		t.Fatalf("database not under HONE_DATA_DIR: %v", err)
	}
}

func TestCloseStoreWithoutOpen(t *testing.T) {
	t.Parallel()
	a, err := New(context.Background(), Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.closeStore(); err != nil {
		t.Fatal(err)
	}
}

// TestCloseOrdersStore: services built after the store opened close
// before it (they may flush into it); those built before it close
// alongside it, so the store does not wait for them.
func TestCloseOrdersStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, err := New(ctx, Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	storeClosed := make(chan error, 1)
	a.onClose(func() error {
		// Returns only once the store has closed: Close would deadlock
		// if the store waited for this closer.
		return <-storeClosed
	})
	st, err := a.Store(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a.onClose(func() error {
		_, err := st.Sessions.Create(ctx, "/p")
		return err
	})
	go func() {
		for {
			if err := st.DB.PingContext(ctx); err != nil {
				storeClosed <- nil
				return
			}
			runtime.Gosched()
		}
	}()
	if err := a.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// TestExitAfterCloseLeavesTheLogToTheNextOpener: a process that exits
// after Close writes what is pending and leaves SQLite's write-ahead log
// (no checkpoint, no fsync at exit); the next opener reads every write
// from it.
func TestExitAfterCloseLeavesTheLogToTheNextOpener(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	a, err := New(ctx, Options{DataDir: dir, ExitAfterClose: true})
	if err != nil {
		t.Fatal(err)
	}
	st, err := a.Store(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.DB.Close() }) // what the exit does
	s, err := st.Sessions.Create(ctx, "/p")
	if err != nil {
		t.Fatal(err)
	}
	m, err := st.Messages.Create(ctx, message.Message{SessionID: s.ID, Role: llm.RoleAssistant, Status: message.StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	m.Parts = []llm.Part{llm.Text("the last words")}
	if err := st.Messages.Update(ctx, m); err != nil { // pending: Close writes it
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "hone.db-wal")); err != nil || fi.Size() == 0 {
		t.Fatalf("write-ahead log after Close: %v, %v; want it kept with the writes", fi, err)
	}

	next, err := New(ctx, Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	nst, err := next.Store(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nst.Sessions.Get(ctx, s.ID); err != nil {
		t.Fatalf("session after the exit: %v", err)
	}
	got, err := nst.Messages.Get(ctx, m.ID)
	if err != nil || got.LLM().Text() != "the last words" {
		t.Fatalf("message after the exit = %+v, %v; want the update Close wrote", got, err)
	}
}
