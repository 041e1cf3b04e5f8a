package tools

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// TestBashReadOnlyGitRunsHardened: a read-only git status runs without
// asking in a repository whose own config is harmless, yet its
// submodule's config (which the classifier does not read) sets
// core.fsmonitor: the hardened environment keeps git out of the
// submodule, so the program never runs. The same status with the
// superproject's config naming the program asks instead.
func TestBashReadOnlyGitRunsHardened(t *testing.T) {
	t.Parallel()
	git := testenv.LookPath(t, "git")
	te := shellEnv(t)
	te.asker.deny = true
	marker := filepath.Join(filepath.Dir(te.root), "ran")
	gitIn := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command(git, append([]string{"-c", "protocol.file.allow=always", "-c", "user.name=a",
			"-c", "user.email=a@b"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	src := filepath.Join(filepath.Dir(te.root), "subsrc")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	gitIn(src, "init", "-q")
	if err := os.WriteFile(filepath.Join(src, "f"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(src, "add", "f")
	gitIn(src, "commit", "-qm", "x")
	gitIn(te.root, "init", "-q")
	gitIn(te.root, "submodule", "add", "-q", src, "sub")
	gitIn(te.root, "commit", "-qm", "sub")
	subCfg := filepath.Join(te.root, ".git", "modules", "sub", "config")
	cfg, err := os.ReadFile(subCfg)
	if err != nil {
		t.Fatal(err)
	}
	evil := string(cfg) + "[core]\n\tfsmonitor = touch " + marker + "; echo\n"
	if err := os.WriteFile(subCfg, []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	te.write(t, "sub/f", "changed\n")
	gitIn(te.root, "status", "--short") // control: a plain git status runs it
	if err := os.Remove(marker); err != nil {
		t.Skipf("this git does not run a submodule's core.fsmonitor; the test proves nothing: %v", err)
	}
	res := te.run(t, "bash", jsonArgs{"command": "git status --short"})
	if len(te.asker.asked()) != 0 || res.IsError || strings.Contains(res.Content, "denied") {
		t.Fatalf("read-only git status: asked %d, result %+v", len(te.asker.asked()), res)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("the submodule's core.fsmonitor ran")
	}
	mainCfg := filepath.Join(te.root, ".git", "config")
	data, err := os.ReadFile(mainCfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mainCfg, append(data, []byte("[core]\n\tfsmonitor = touch "+marker+"; echo\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	res = te.run(t, "bash", jsonArgs{"command": "git status --short"})
	if len(te.asker.asked()) != 1 || !res.Denied {
		t.Fatalf("git status with core.fsmonitor in .git/config did not ask: %+v", res)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("core.fsmonitor ran")
	}
}
