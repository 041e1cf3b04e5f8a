package shell

import (
	"os"
	"path/filepath"
	"testing"
)

// project makes a project directory with a few files, a subdirectory,
// and symbolic links that leave it (link → a secret file outside,
// dirlink → a directory outside), and returns where lines are judged.
func project(t testing.TB) Where {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "project")
	outside := filepath.Join(base, "outside")
	for _, d := range []string{root, outside, filepath.Join(root, "internal"), filepath.Join(root, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		filepath.Join(root, "go.mod"):           "module x\n",
		filepath.Join(root, "main.go"):          "package main\n",
		filepath.Join(root, "names.txt"):        "b\na\n",
		filepath.Join(root, "internal", "a.go"): "package internal\n",
		filepath.Join(root, "sub", "f.txt"):     "f\n",
		filepath.Join(outside, "secret.txt"):    "secret\n",
	}
	for p, s := range files {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		filepath.Join(root, "link"):      filepath.Join(outside, "secret.txt"),
		filepath.Join(root, "dirlink"):   outside,
		filepath.Join(root, "sub", "up"): "../../outside",
		filepath.Join(root, "inlink"):    "main.go",
	}
	for l, target := range links {
		if err := os.Symlink(target, l); err != nil {
			t.Fatal(err)
		}
	}
	return Where{Project: root}
}
