package agent_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/tools"
)

func TestSubAgentRunsInChildSession(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("agent", map[string]any{"prompt": "where is x?"}), fake.Usage(llm.Usage{Input: 100})},
		fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*"}), fake.Usage(llm.Usage{Input: 1000})}, // child
		fake.Turn{fake.Text("x is in a.go"), fake.Usage(llm.Usage{Input: 2000})},                             // child
		fake.Turn{fake.Text("Found it: a.go"), fake.Usage(llm.Usage{Input: 300})},
	)
	h := newHarness(t, m, func(c *agent.Config) { c.Large[0].Spec.PriceIn = 1 })
	h.tools.Add("agent", false, func(ctx context.Context, call tools.Call) tools.Result {
		text, err := h.co.RunSubAgent(ctx, tools.CallFrom(ctx).SessionID, call.ID, "where is x?")
		if err != nil {
			return tools.ErrorResult(err.Error())
		}
		return tools.Result{Content: text}
	})
	res := h.run("find x")
	m.AssertConsumed(t)
	if res.Reason != agent.ExitDone || res.Text != "Found it: a.go" {
		t.Fatalf("result %+v", res)
	}
	reqs := m.Requests()
	child := reqs[1]
	if len(child.Tools) != 1 || child.Tools[0].Name != "glob" || !strings.Contains(child.System[0], "research helper") {
		t.Errorf("child request tools %v system %q", child.Tools, child.System[0])
	}
	if got := results(reqs[3].Messages[2])[0].Text; got != "x is in a.go" {
		t.Errorf("agent tool result %q", got)
	}
	if res.Usage.Input != 3400 {
		t.Errorf("parent result usage %+v, want the child's included", res.Usage)
	}
	parent, _ := h.sess.Get(t.Context(), h.sid)
	if parent.InputTokens != 3400 || parent.Cost < 0.0034-1e-12 {
		t.Errorf("parent session %+v", parent)
	}
	calls := h.sub.Calls()
	if len(calls) != 1 {
		t.Fatalf("sub-agent tool calls %+v", calls)
	}
	cs, err := h.sess.Get(t.Context(), calls[0].Ctx.SessionID)
	if err != nil || cs.ParentSessionID != h.sid || cs.ParentCallID != "fake_1_1" || cs.Title != "where is x?" {
		t.Errorf("child session %+v, %v", cs, err)
	}
	if conv := h.msgs.Conversation(cs.ID); len(conv) != 4 {
		t.Errorf("child conversation has %d messages", len(conv))
	}
}

func TestSubAgentNeedsConfig(t *testing.T) {
	t.Parallel()
	co := agent.NewCoordinator(agent.Config{}, agent.Deps{Messages: agenttest.NewMessages(), Sessions: agenttest.NewSessions()})
	defer co.Close()
	if _, err := co.RunSubAgent(t.Context(), "p", "c", "x"); !errors.Is(err, agent.ErrNoSubAgent) {
		t.Errorf("err %v", err)
	}
}
