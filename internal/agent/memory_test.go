package agent

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func writeMem(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func TestMemorySkipsLinksLeavingTheProject(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	root, outside := filepath.Join(base, "repo"), filepath.Join(base, "outside")
	work := filepath.Join(root, "sub")
	writeMem(t, filepath.Join(outside, "secret.md"), "SECRET-OUTSIDE")
	writeMem(t, filepath.Join(outside, "dir", "x.md"), "SECRET-IN-DIR")
	writeMem(t, filepath.Join(root, "ROOT.md"), "shared rules from the root")
	writeMem(t, filepath.Join(work, "docs", "ok.md"), "docs rule")
	writeMem(t, filepath.Join(base, "global", "AGENTS.md"), "global rule")
	symlink(t, "/proc/self/environ", filepath.Join(work, "CLAUDE.md"))
	symlink(t, filepath.Join(outside, "secret.md"), filepath.Join(work, "AGENTS.md"))
	symlink(t, "../ROOT.md", filepath.Join(work, "HONE.md")) // inside the project: fine
	symlink(t, filepath.Join(outside, "dir"), filepath.Join(work, "linked"))
	symlink(t, filepath.Join(base, "global", "AGENTS.md"), filepath.Join(base, "global-link.md"))
	if err := syscall.Mkfifo(filepath.Join(work, "CRUSH.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, warnings := readMemory(Config{
		WorkDir: work, ProjectDir: root, MemoryLimit: 64 << 10,
		ContextPaths:       []string{"docs", "linked", "linked/x.md", filepath.Join(outside, "secret.md")},
		GlobalInstructions: filepath.Join(base, "global-link.md"),
	})
	for _, want := range []string{"shared rules from the root", "docs rule", "global rule", "# User instructions",
		"outside/secret.md", "SECRET-OUTSIDE"} {
		if !strings.Contains(out, want) {
			t.Errorf("memory lacks %q:\n%s", want, out)
		}
	}
	// The absolute path outside the project can only come from the
	// user's config: it is read. Everything else outside is not.
	if strings.Count(out, "SECRET-OUTSIDE") != 1 || strings.Contains(out, "SECRET-IN-DIR") ||
		strings.Contains(out, "PATH=") || strings.Contains(out, "HOME=") {
		t.Errorf("memory holds what a link outside the project points at:\n%s", out)
	}
	joined := strings.Join(warnings, "\n")
	for _, want := range []string{"CLAUDE.md skipped: it is a symbolic link that leaves the project",
		"AGENTS.md skipped: it is a symbolic link that leaves the project", "linked skipped",
		"CRUSH.md skipped: not a regular file (a named pipe)"} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
}

func TestMemoryCapsEachFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeMem(t, filepath.Join(dir, "AGENTS.md"), strings.Repeat("é", 1000))
	out, _ := readMemory(Config{WorkDir: dir, MemoryLimit: 200})
	if !strings.Contains(out, "truncated") || strings.Count(out, "é") > 50 {
		t.Errorf("not capped:\n%s", out)
	}
}
