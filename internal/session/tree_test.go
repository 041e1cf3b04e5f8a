package session_test

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// TestBuildTreeOutcomesAndTotals: calls take their outcome from the
// operation rows, else from the stored results (older sessions), and are
// interrupted without either; summaries, switches and failovers appear
// where they happened; totals add up.
func TestBuildTreeOutcomesAndTotals(t *testing.T) {
	t.Parallel()
	call := func(id, name string) llm.Part {
		return llm.Part{Type: llm.PartToolCall, ToolCallID: id, ToolName: name, Input: "{}"}
	}
	msgs := []message.Message{
		{ID: "u1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("fix the bug\nin detail")}},
		{ID: "a1", Role: llm.RoleAssistant, Provider: "p", Model: "fast", Parts: []llm.Part{call("c1", "edit"), call("c2", "view"), call("c3", "bash")}},
		{ID: "t1", Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c2", "view", "boom", true)}},
		{ID: "s1", Role: llm.RoleUser, IsSummary: true, Parts: []llm.Part{llm.Text("summary")}},
		{ID: "a2", Role: llm.RoleAssistant, Provider: "p", Model: "big", Parts: []llm.Part{llm.Text("done")}},
		{ID: "q1", Role: llm.RoleUser, Status: message.StatusQueued, Parts: []llm.Part{llm.Text("later")}},
	}
	turns := []session.Turn{
		{ID: 1, MessageID: "a1", Provider: "p", Model: "fast", LatencyMS: 100, InputTokens: 10, OutputTokens: 1, Cost: 0.5, FinishReason: "tool_use"},
		{ID: 2, MessageID: "s1", Provider: "p", Model: "fast", LatencyMS: 50, InputTokens: 5, FinishReason: "summary"},
		{ID: 3, MessageID: "a2", Provider: "p", Model: "big", LatencyMS: 200, InputTokens: 20, OutputTokens: 2, Cost: 1,
			Failovers: []string{"p/other: rate_limit"}, Switch: &session.ModelSwitch{Reason: "tool_calls", From: "p/fast", To: "p/big"}},
	}
	ops := []session.Operation{{CallID: "c1", Name: "edit", Outcome: session.OutcomeDenied, LatencyMS: 7, ResultBytes: 30}}
	root := session.BuildTree(session.TreeInput{Session: session.Session{ID: "s", Title: "T"}, Messages: msgs, Turns: turns, Ops: ops})
	if len(root.Children) != 1 {
		t.Fatalf("root children %+v", root.Children)
	}
	turn := root.Children[0]
	if turn.Name != "fix the bug" || len(turn.Children) != 3 {
		t.Fatalf("turn %+v", turn)
	}
	step, sum, last := turn.Children[0], turn.Children[1], turn.Children[2]
	outcomes := []string{}
	for _, c := range step.Children {
		outcomes = append(outcomes, c.Outcome)
	}
	if len(outcomes) != 3 || outcomes[0] != "denied" || outcomes[1] != "error" || outcomes[2] != "interrupted" {
		t.Errorf("tool outcomes %v", outcomes)
	}
	if sum.Kind != session.NodeSummary || sum.Tokens.Input != 5 {
		t.Errorf("summary %+v", sum)
	}
	if last.Name != "p/big" || len(last.Children) != 2 || last.Children[0].Kind != session.NodeSwitch || last.Children[1].Kind != session.NodeFailover {
		t.Errorf("last step %+v", last)
	}
	if turn.LatencyMS != 100+7+50+200 || turn.Tokens.Input != 35 || turn.Cost != 1.5 || root.Cost != 1.5 {
		t.Errorf("turn totals latency %d, input %d, cost %g", turn.LatencyMS, turn.Tokens.Input, turn.Cost)
	}
}
