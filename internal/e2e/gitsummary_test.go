package e2e

import (
	"os/exec"
	"testing"
)

// TestRunSystemPromptShowsGitStatus: hone run's first request carries the
// project's branch and short status, from the git status that begins
// while the store opens (app.Options.TurnAtStart).
func TestRunSystemPromptShowsGitStatus(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	initRepo(t, e.project)
	e.writeProjectFile("new.txt", "x\n")
	srv := serveReplies(t, reply{text: "ok"})
	e.useConfig(withoutTitles(serverConfig(srv.URL())))
	e.mustRun(0, "run", "hello")
	mains := srv.MainRequests()
	if len(mains) != 1 {
		t.Fatalf("want 1 main request, got %d", len(mains))
	}
	mustContain(t, "system prompt", mains[0].Body.textOf("system"), "Git branch: trunk", "?? new.txt")
}

// initRepo makes dir a git repository on branch trunk with one (empty)
// commit.
func initRepo(tb testing.TB, dir string) {
	tb.Helper()
	git := lookPath(tb, "git")
	for _, args := range [][]string{
		{"init", "-q", "-b", "trunk"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "start"},
	} {
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			tb.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}
