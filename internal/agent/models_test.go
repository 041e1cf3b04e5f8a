package agent_test

import (
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
