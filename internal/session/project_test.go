package session_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/session"
)

func TestCanonicalDirResolvesSymlinks(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(root, "target")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	for _, in := range []string{target, link, link + "/../target/."} {
		got, err := session.CanonicalDir(in)
		if err != nil || got != target {
			t.Errorf("CanonicalDir(%s) = %q, %v; want %q", in, got, err, target)
		}
	}
	if _, err := session.CanonicalDir(filepath.Join(root, "missing")); err == nil {
		t.Error("CanonicalDir of a missing directory succeeded")
	}
}
