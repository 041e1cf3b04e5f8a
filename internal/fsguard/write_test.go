package fsguard

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestWriteFileCreatesParentsAndKeepsMode(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	target := filepath.Join(root, "a/b/c.txt")
	if err := WriteFile(target, []byte("one"), WriteOptions{MkdirAll: true}); err != nil {
		t.Fatal(err)
	}
	assertFile(t, target, "one", 0o644)

	script := filepath.Join(root, "run.sh")
	mustWrite(t, script, "#!/bin/sh\n")
	if err := os.Chmod(script, 0o750); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(script, []byte("#!/bin/sh\necho hi\n"), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	assertFile(t, script, "#!/bin/sh\necho hi\n", 0o750)
	assertNoTemp(t, root)
}

func TestWriteFileWithoutMkdirAll(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	err := WriteFile(filepath.Join(root, "nodir/x"), []byte("x"), WriteOptions{})
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("WriteFile into a missing dir = %v, want not exist", err)
	}
}

func TestWriteFromSizeLimit(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	target := filepath.Join(root, "sub/file.go")
	_, err := WriteFrom(target, strings.NewReader("0123456789"), WriteOptions{MaxBytes: 5})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("WriteFrom over the limit = %v, want ErrTooLarge", err)
	}
	assertFile(t, target, "package sub\n", 0o644)
	assertNoTemp(t, root)
}

// TestSwappedLinks resolves a path, then swaps a component for a symbolic
// link to the outside dir before the access: nothing may reach outside.
func TestSwappedLinks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		swap func(root, outside string) error
		path string
	}{
		{"parent dir", func(root, outside string) error {
			if err := os.RemoveAll(filepath.Join(root, "sub")); err != nil {
				return err
			}
			return os.Symlink(outside, filepath.Join(root, "sub"))
		}, "sub/secret"},
		{"final file", func(root, outside string) error {
			return os.Symlink(filepath.Join(outside, "secret"), filepath.Join(root, "new.txt"))
		}, "new.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root, outside := project(t)
			r, err := Resolve(root, tt.path)
			if err != nil || !r.Inside {
				t.Fatalf("Resolve(%q) = %+v, %v", tt.path, r, err)
			}
			if err := tt.swap(root, outside); err != nil {
				t.Fatal(err)
			}
			if err := WriteFile(r.Abs, []byte("pwned"), WriteOptions{MkdirAll: true}); !errors.Is(err, ErrRedirected) {
				t.Errorf("WriteFile after swap = %v, want ErrRedirected", err)
			}
			if f, err := OpenFile(r.Abs, os.O_RDONLY, 0); !errors.Is(err, ErrRedirected) {
				t.Errorf("OpenFile after swap = %v, want ErrRedirected", err)
				if f != nil {
					f.Close()
				}
			}
			assertFile(t, filepath.Join(outside, "secret"), "secret\n", 0o644)
		})
	}
}

// TestSwapRace flips a directory and a symbolic link to the outside while
// writes run: every write lands inside or fails.
func TestSwapRace(t *testing.T) {
	t.Parallel()
	root, outside := project(t)
	sub := filepath.Join(root, "race")
	mustMkdir(t, sub)
	target := filepath.Join(sub, "f.txt")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			_ = os.Rename(sub, sub+".d")
			_ = os.Symlink(outside, sub)
			_ = os.Remove(sub)
			_ = os.Rename(sub+".d", sub)
		}
	})
	for range 300 {
		_ = WriteFile(target, []byte("data"), WriteOptions{})
	}
	close(stop)
	wg.Wait()
	if _, err := os.Lstat(filepath.Join(outside, "f.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a write reached the outside dir (lstat: %v)", err)
	}
}

func TestOpenFile(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	f, err := OpenFile(filepath.Join(root, "sub/file.go"), os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 64)
	n, _ := f.Read(buf)
	if string(buf[:n]) != "package sub\n" {
		t.Errorf("read %q", buf[:n])
	}
	if _, err := OpenFile("relative/path", os.O_RDONLY, 0); !errors.Is(err, ErrInvalidPath) {
		t.Errorf("OpenFile(relative) = %v, want ErrInvalidPath", err)
	}
	d, err := OpenFile("/", os.O_RDONLY, 0)
	if err != nil {
		t.Fatalf("OpenFile(/) = %v", err)
	}
	d.Close()
}

func assertFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != content {
		t.Errorf("%s = %q, want %q", path, b, content)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != mode {
		t.Errorf("%s mode = %v, want %v", path, fi.Mode().Perm(), mode)
	}
}

func assertNoTemp(t *testing.T, root string) {
	t.Helper()
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".hone-") {
			t.Errorf("temporary file left behind: %s", p)
		}
		return nil
	})
}
