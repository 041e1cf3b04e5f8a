package agent

import (
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
