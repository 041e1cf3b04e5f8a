package fsguard

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzResolve checks the confinement invariants on arbitrary paths against
// a tree holding links that point in, out, up and in a loop.
func FuzzResolve(f *testing.F) {
	for _, seed := range []string{
		"", ".", "..", "../x", "sub/file.go", "link-out/secret", "link-out/../proj",
		"link-up/outside", "/etc/passwd", "/proc/self/root/etc/passwd", "..foo/x",
		"loop1/x", "sub//./../link-in/../../proj/sub", "~/x", "/proc/self/cwd/x",
	} {
		f.Add(seed)
	}
	root, _ := project(f)
	f.Fuzz(func(t *testing.T, path string) {
		got, err := Resolve(root, path)
		if err != nil {
			return
		}
		if !filepath.IsAbs(got.Abs) || filepath.Clean(got.Abs) != got.Abs {
			t.Fatalf("Resolve(%q).Abs = %q: not clean and absolute", path, got.Abs)
		}
		if got.Inside != Within(root, got.Abs) {
			t.Fatalf("Resolve(%q) = %+v: Inside disagrees with Abs", path, got)
		}
		if got.Inside && (got.Rel == "" || got.Rel == ".." || strings.HasPrefix(got.Rel, "../")) {
			t.Fatalf("Resolve(%q).Rel = %q", path, got.Rel)
		}
		again, err := Resolve(root, got.Abs)
		if err != nil || again.Abs != got.Abs {
			t.Fatalf("Resolve not idempotent on %q: %+v, %v", got.Abs, again, err)
		}
		if got.Inside {
			checkRealPrefix(t, root, got.Abs)
		}
	})
}

// checkRealPrefix verifies with the standard library that the deepest
// existing ancestor of abs really lies inside root.
func checkRealPrefix(t *testing.T, root, abs string) {
	p := abs
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			if !Within(root, real) {
				t.Fatalf("%s judged inside, but %s is really %s", abs, p, real)
			}
			return
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, os.ErrInvalid) {
			return // e.g. ENOTDIR below a file: nothing to compare
		}
		p = filepath.Dir(p)
	}
}
