package testenv

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TrackModuleSources stats every file of the module that holds the
// calling test's package (found above the working directory) and lists
// every directory, but .git, bin and node_modules. A package whose tests
// build Hone's binaries with `go build` calls it from a test: go test
// caches a package's result against the files that test stats and opens
// (not TestMain's before the tests run, nor a child process's), and a
// package that imports little of Hone would otherwise keep reporting an
// older build's result after Hone's code changed.
func TrackModuleSources(t testing.TB) {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "bin", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		_, err = os.Stat(path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// moduleRoot is the nearest directory at or above the working directory
// that holds a go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
