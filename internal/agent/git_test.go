package agent

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// TestGitSummaryRunsNoConfiguredProgram: a repository whose config names
// a program (here core.fsmonitor, as a model could write it) gets no git
// summary, and the program never runs; a plain repository gets one.
func TestGitSummaryRunsNoConfiguredProgram(t *testing.T) {
	t.Parallel()
	git := testenv.LookPath(t, "git")
	dir := t.TempDir()
	if out, err := exec.Command(git, "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	if got := gitSummary(t.Context(), dir, nil); !strings.Contains(got, "Git") {
		t.Fatalf("plain repository: summary %q", got)
	}
	marker := filepath.Join(t.TempDir(), "ran")
	cfg := filepath.Join(dir, ".git", "config")
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	evil := string(data) + "[core]\n\tfsmonitor = touch " + marker + "; echo\n"
	if err := os.WriteFile(cfg, []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := gitSummary(t.Context(), dir, nil); got != "" {
		t.Errorf("summary of a repository with core.fsmonitor = %q, want none", got)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("core.fsmonitor ran")
	}
}

// TestGitSummaryStartsNoGitOutsideARepository: where git would find no
// repository (it looks upward from the directory) no git process starts,
// since git status could only fail; in a subdirectory of a repository
// one does.
func TestGitSummaryStartsNoGitOutsideARepository(t *testing.T) {
	t.Parallel()
	git := testenv.LookPath(t, "git")
	outside := t.TempDir()
	if out, err := exec.Command(git, "-C", outside, "rev-parse", "--git-dir").CombinedOutput(); err == nil {
		t.Skipf("the temporary directory is inside a repository (%s)", strings.TrimSpace(string(out)))
	}
	var ran []string
	run := func(_ context.Context, dir string, args ...string) ([]byte, error) {
		ran = append(ran, dir)
		return exec.Command(git, append([]string{"-C", dir}, args...)...).Output()
	}
	if got := gitSummary(t.Context(), outside, run); got != "" || len(ran) != 0 {
		t.Fatalf("outside a repository: summary %q, git started in %v", got, ran)
	}
	repo := t.TempDir()
	if out, err := exec.Command(git, "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	sub := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := gitSummary(t.Context(), sub, run); !strings.Contains(got, "Git branch") || len(ran) != 1 {
		t.Fatalf("in a repository's subdirectory: summary %q, git started in %v", got, ran)
	}
}
