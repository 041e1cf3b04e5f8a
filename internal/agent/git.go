package agent

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/honecode/hone/internal/shell"
)

// gitStatusLines caps the status lines put in the system prompt.
const gitStatusLines = 30

// gitSummary describes the repository at dir for the system prompt: the
// branch and the short status. It is empty, without starting git, when
// no repository is found from dir (as git looks for one); empty also
// when git is missing, fails, or the repository's configuration names programs
// (core.fsmonitor, filters …) that git status could run: the project may
// have been written by a model or shipped with its .git directory. run
// starts git (the app passes one that confines it in a read-only
// sandbox); nil runs it directly.
func gitSummary(ctx context.Context, dir string, run func(context.Context, string, ...string) ([]byte, error)) string {
	if real, err := filepath.EvalSymlinks(dir); err != nil || !shell.InHarmlessGitRepo(real) {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if run == nil {
		run = runGit
	}
	out, err := run(ctx, dir, "status", "--short", "--branch")
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	var b strings.Builder
	if len(lines) > 0 && strings.HasPrefix(lines[0], "## ") {
		fmt.Fprintf(&b, "- Git branch: %s\n", strings.TrimPrefix(lines[0], "## "))
		lines = lines[1:]
	}
	if len(lines) == 0 || (len(lines) == 1 && lines[0] == "") {
		b.WriteString("- Git status: clean\n")
		return b.String()
	}
	b.WriteString("- Git status (short):\n")
	for i, l := range lines {
		if i == gitStatusLines {
			fmt.Fprintf(&b, "  … and %d more\n", len(lines)-i)
			break
		}
		fmt.Fprintf(&b, "  %s\n", l)
	}
	return b.String()
}

// startGit begins the turn's repository summary in the background, so
// that git status (a process, in a sandbox) runs while the session loads
// and the prompt is stored rather than before the first request. The
// summary is taken once per turn; a mode change within the turn reuses it.
// The first turn takes Config.GitAhead instead, when it was given.
func (t *turn) startGit(ctx context.Context) {
	if t.c.cfg.DisableGit {
		t.git = func() string { return "" }
		return
	}
	done := t.c.gitAhead.take()
	if done == nil {
		done = StartGitSummary(ctx, t.c.cfg.WorkDir, t.c.cfg.Git)
	}
	t.git = sync.OnceValue(func() string { return <-done })
}

// StartGitSummary begins, in the background, the summary of the
// repository at dir that a turn's system prompt shows, running git with
// run (as Config.Git; nil runs it directly); the channel receives it.
// Front ends whose turn follows at once (hone run, whose prompt is known
// when it starts) begin it before the Coordinator exists and pass it as
// Config.GitAhead, so that git runs while the store opens.
func StartGitSummary(ctx context.Context, dir string, run func(context.Context, string, ...string) ([]byte, error)) <-chan string {
	done := make(chan string, 1)
	go func() { done <- gitSummary(ctx, dir, run) }()
	return done
}

// gitAhead holds Config.GitAhead until the first turn takes it.
type gitAhead struct {
	mu   sync.Mutex
	done <-chan string
}

// take returns the summary begun ahead, nil when there is none (any
// more).
func (g *gitAhead) take() <-chan string {
	g.mu.Lock()
	defer g.mu.Unlock()
	done := g.done
	g.done = nil
	return done
}

// gitText is the repository summary for the system prompt ("" before
// begin, as for a turn that never sends a request).
func (t *turn) gitText() string {
	if t.git == nil {
		return ""
	}
	return t.git()
}

// runGit runs git directly, with the environment that keeps it from
// running programs the repository's configuration names.
func runGit(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(shell.GitEnv(os.Environ()), "LC_ALL=C")
	return cmd.Output()
}
