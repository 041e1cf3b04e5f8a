package agent_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm/fake"
)

func TestSetCandidatesSwitchesTheNextTurn(t *testing.T) {
	t.Parallel()
	first := fake.New(fake.Turn{fake.Text("from first")})
	h := newHarness(t, first)
	if res := h.run("one"); res.Text != "from first" {
		t.Fatalf("first turn text = %q", res.Text)
	}
	second := fake.New(fake.Turn{fake.Text("from second")})
	h.co.SetCandidates([]agent.Candidate{candidate("b", second)}, nil)
	if res := h.run("two"); res.Text != "from second" {
		t.Fatalf("second turn text = %q", res.Text)
	}
	first.AssertConsumed(t)
	second.AssertConsumed(t)
	large, small := h.co.Candidates()
	if len(large) != 1 || large[0].Name() != "b/m" || len(small) != 1 || small[0].Name() != "b/m" {
		t.Fatalf("candidates = %v / %v, want b/m for both roles", large, small)
	}
}

func TestInstructionsReachTheSystemPrompt(t *testing.T) {
	t.Parallel()
	model := fake.New(fake.Turn{fake.Text("ok")})
	h := newHarness(t, model, func(c *agent.Config) {
		c.Instructions = func() string { return "Use the fs server for files outside the project." }
	})
	h.run("hi")
	reqs := model.Requests()
	if len(reqs) != 1 {
		t.Fatalf("requests = %d", len(reqs))
	}
	sys := strings.Join(reqs[0].System, "\n")
	if !strings.Contains(sys, "# Tool server instructions") || !strings.Contains(sys, "Use the fs server") {
		t.Fatalf("system prompt lacks the instructions:\n%s", sys)
	}
}

// TestGitSummaryReachesTheSystemPrompt: the repository summary, taken in
// the background while the turn begins, is in the first request's system
// prompt, and git runs once per turn.
func TestGitSummaryReachesTheSystemPrompt(t *testing.T) {
	t.Parallel()
	model := fake.New(fake.Turn{fake.Text("ok")})
	var calls atomic.Int32
	h := newHarness(t, model, func(c *agent.Config) {
		c.DisableGit = false
		markRepository(t, c.WorkDir)
		c.Git = func(context.Context, string, ...string) ([]byte, error) {
			calls.Add(1)
			return []byte("## feature/x\n M main.go\n"), nil
		}
	})
	h.run("hi")
	reqs := model.Requests()
	if len(reqs) != 1 {
		t.Fatalf("requests = %d", len(reqs))
	}
	sys := strings.Join(reqs[0].System, "\n")
	if !strings.Contains(sys, "- Git branch: feature/x") || !strings.Contains(sys, "  M main.go") {
		t.Fatalf("system prompt lacks the git summary:\n%s", sys)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("git ran %d times, want 1", n)
	}
}
