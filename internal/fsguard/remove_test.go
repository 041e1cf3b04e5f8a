package fsguard

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestRemoveDeletesFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Remove(p); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a.txt still there: %v", err)
	}
	if err := Remove(p); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("second Remove = %v, want ErrNotExist", err)
	}
}

func TestRemoveRefusesDirectorySwappedForLink(t *testing.T) {
	t.Parallel()
	project, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "new.txt")
	if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	// sub/ was a directory when the path was resolved; now it is a link.
	if err := os.Symlink(outside, filepath.Join(project, "sub")); err != nil {
		t.Fatal(err)
	}
	if err := Remove(filepath.Join(project, "sub", "new.txt")); !errors.Is(err, ErrRedirected) {
		t.Fatalf("Remove through a link = %v, want ErrRedirected", err)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Fatalf("the file outside the project was deleted: %v", err)
	}
}
