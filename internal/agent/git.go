package agent

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// gitStatusLines caps the status lines put in the system prompt.
const gitStatusLines = 30

// gitSummary describes the repository at dir for the system prompt: the
// branch and the short status. It is empty when dir is not in a git work
// tree or git is missing.
func gitSummary(ctx context.Context, dir string, run func(context.Context, string, ...string) ([]byte, error)) string {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if run == nil {
		run = runGit
	}
	out, err := run(ctx, dir, "-c", "core.fsmonitor=false", "status", "--short", "--branch")
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

// runGit runs git directly.
func runGit(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	return cmd.Output()
}
