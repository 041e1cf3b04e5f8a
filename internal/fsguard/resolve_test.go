package fsguard

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// project builds root/{sub/file.go, ..foo/x, link-out -> outside,
// link-in -> sub, link-file-out -> outside/secret, loop1 <-> loop2} and
// returns the real root and the real outside dir.
func project(t testing.TB) (root, outside string) {
	t.Helper()
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, outside = filepath.Join(tmp, "proj"), filepath.Join(tmp, "outside")
	for _, d := range []string{"proj/sub", "proj/..foo", "outside"} {
		mustMkdir(t, filepath.Join(tmp, d))
	}
	mustWrite(t, filepath.Join(root, "sub", "file.go"), "package sub\n")
	mustWrite(t, filepath.Join(outside, "secret"), "secret\n")
	links := map[string]string{
		"link-out":      outside,
		"link-in":       "sub",
		"link-file-out": filepath.Join(outside, "secret"),
		"link-up":       "..",
		"loop1":         "loop2",
		"loop2":         "loop1",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	return root, outside
}

func mustMkdir(t testing.TB, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mustWrite(t testing.TB, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	root, outside := project(t)
	tests := []struct {
		path   string
		abs    string // "" means: do not check
		inside bool
		err    error
	}{
		{path: "", abs: root, inside: true},
		{path: ".", abs: root, inside: true},
		{path: "sub/file.go", abs: filepath.Join(root, "sub/file.go"), inside: true},
		{path: filepath.Join(root, "sub"), abs: filepath.Join(root, "sub"), inside: true},
		{path: "new/dir/file.txt", abs: filepath.Join(root, "new/dir/file.txt"), inside: true},
		{path: "..foo/x", abs: filepath.Join(root, "..foo/x"), inside: true},
		{path: "sub/../..foo", abs: filepath.Join(root, "..foo"), inside: true},
		{path: "missing/../sub", abs: filepath.Join(root, "sub"), inside: true},
		{path: "link-in/file.go", abs: filepath.Join(root, "sub/file.go"), inside: true},
		{path: "../x", abs: filepath.Join(filepath.Dir(root), "x"), inside: false},
		{path: "sub/../../x", inside: false},
		{path: "link-out", abs: outside, inside: false},
		{path: "link-out/secret", abs: filepath.Join(outside, "secret"), inside: false},
		{path: "link-file-out", abs: filepath.Join(outside, "secret"), inside: false},
		// ".." after a link is taken from the link's target, not lexically.
		{path: "link-out/../proj/sub", abs: filepath.Join(root, "sub"), inside: true},
		{path: "link-in/../sub", abs: filepath.Join(root, "sub"), inside: true},
		{path: "link-up", abs: filepath.Dir(root), inside: false},
		{path: "/etc/passwd", abs: "/etc/passwd", inside: false},
		{path: "/proc/self/root/etc/passwd", abs: "/etc/passwd", inside: false},
		{path: "/proc/self/root" + root + "/sub", abs: filepath.Join(root, "sub"), inside: true},
		{path: "sub/file.go/x", abs: filepath.Join(root, "sub/file.go/x"), inside: true},
		{path: "loop1", err: ErrTooManyLinks},
		{path: "a\x00b", err: ErrInvalidPath},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			got, err := Resolve(root, tt.path)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("Resolve(%q) error = %v, want %v", tt.path, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Resolve(%q): %v", tt.path, err)
			}
			if tt.abs != "" && got.Abs != tt.abs {
				t.Errorf("Resolve(%q).Abs = %q, want %q", tt.path, got.Abs, tt.abs)
			}
			if got.Inside != tt.inside {
				t.Errorf("Resolve(%q).Inside = %v, want %v", tt.path, got.Inside, tt.inside)
			}
			if got.Inside != (got.Rel != "") {
				t.Errorf("Resolve(%q).Rel = %q with Inside %v", tt.path, got.Rel, got.Inside)
			}
		})
	}
}

func TestResolveRootThroughSymlink(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	alias := filepath.Join(filepath.Dir(root), "alias")
	if err := os.Symlink(root, alias); err != nil {
		t.Fatal(err)
	}
	got, err := Resolve(alias, "sub/file.go")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Inside || got.Abs != filepath.Join(root, "sub/file.go") || got.Rel != "sub/file.go" {
		t.Errorf("Resolve via aliased root = %+v", got)
	}
	got, err = Resolve(root, filepath.Join(alias, "sub"))
	if err != nil || !got.Inside {
		t.Errorf("aliased absolute path inside: %+v, %v", got, err)
	}
}

func TestResolveFromBase(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	got, err := ResolveFrom(root, "sub", "file.go")
	if err != nil || got.Abs != filepath.Join(root, "sub/file.go") || !got.Inside {
		t.Errorf("ResolveFrom relative base = %+v, %v", got, err)
	}
	got, err = ResolveFrom(root, filepath.Join(root, "sub"), "../../x")
	if err != nil || got.Inside {
		t.Errorf("ResolveFrom escaping base = %+v, %v", got, err)
	}
}

func TestWithin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		root, path string
		want       bool
	}{
		{"/a/b", "/a/b", true},
		{"/a/b", "/a/b/c", true},
		{"/a/b", "/a/bc", false},
		{"/a/b", "/a", false},
		{"/", "/etc", true},
	}
	for _, tt := range tests {
		if got := Within(tt.root, tt.path); got != tt.want {
			t.Errorf("Within(%q, %q) = %v, want %v", tt.root, tt.path, got, tt.want)
		}
	}
}
