package cmd

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/app"
)

// TestOnlyTheFactorysAppLeavesTheLogToTheExit: the App Main closes right
// before the process ends leaves SQLite's write-ahead log to the exit,
// while an App a server opens per session from AppOptions (hone acp, hone
// mcp serve) closes its database: the process goes on, and connections
// left open would pile up.
func TestOnlyTheFactorysAppLeavesTheLogToTheExit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	writeAndClose := func(a *app.App, close func() error) string {
		t.Helper()
		st, err := a.Store(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.DB.Close() }) // what the exit does
		if _, err := st.Sessions.Create(ctx, t.TempDir()); err != nil {
			t.Fatal(err)
		}
		if err := close(); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(a.DataDir(), "hone.db-wal")
	}

	f := &Factory{IO: IO{Exits: true}, Getenv: func(string) string { return "" }}
	f.Global.DataDir = t.TempDir()
	own, err := f.App(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(writeAndClose(own, f.close)); err != nil || fi.Size() == 0 {
		t.Errorf("the Factory's App: write-ahead log %v, %v; want it left with the writes", fi, err)
	}

	opts := f.AppOptions()
	opts.DataDir = t.TempDir()
	served, err := app.New(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(writeAndClose(served, served.Close)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an App opened from AppOptions: write-ahead log after Close: %v; want the database closed (log removed)", err)
	}
}
