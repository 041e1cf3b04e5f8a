package agent_test

import (
	"context"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/tools"
)

// escalating makes fast/m the fast candidate and big/m the large one,
// with routing on; edit adjusts the routing.
func escalating(fast, big *fake.Model, edit ...func(*agent.Routing)) func(*agent.Config) {
	return func(c *agent.Config) {
		c.Large = []agent.Candidate{candidate("big", big)}
		c.Routing = agent.Routing{Escalate: true, Fast: []agent.Candidate{candidate("fast", fast)}}
		for _, e := range edit {
			e(&c.Routing)
		}
	}
}

// globTurn is a step with n glob calls whose patterns start with p.
func globTurn(p string, n int) fake.Turn {
	turn := fake.Turn{fake.Text("looking")}
	for i := range n {
		turn = append(turn, fake.ToolCall("glob", map[string]any{"pattern": p + string(rune('a'+i))}))
	}
	return turn
}

func TestEscalatesAfterTheFourthToolCallAndStays(t *testing.T) {
	t.Parallel()
	fast := fake.New(globTurn("1", 2), globTurn("2", 2))
	big := fake.New(globTurn("3", 1), fake.Turn{fake.Text("done big")})
	h := newHarness(t, fast, escalating(fast, big))
	evs := h.events()
	res := h.run("work")
	if res.Reason != agent.ExitDone || res.Text != "done big" {
		t.Fatalf("result %+v", res)
	}
	fast.AssertConsumed(t)
	big.AssertConsumed(t)
	sw := ofType(evs(), agent.EventModelSwitch)
	if len(sw) != 1 || sw[0].Switch.Reason != agent.SwitchToolCalls || sw[0].Switch.From != "fast/m" || sw[0].Switch.To != "big/m" {
		t.Fatalf("model switches %+v", sw)
	}
	turns := h.sess.Turns(h.sid)
	if len(turns) != 4 || turns[2].Switch == nil || turns[2].Provider != "big" || turns[1].Switch != nil || turns[3].Switch != nil {
		t.Fatalf("trace %+v", turns)
	}
	// The large model sees the same history: 2 steps of calls and results.
	reqs := big.Requests()
	if n := len(reqs[0].Messages); n != 5 {
		t.Errorf("first large request has %d messages, want 5 (prompt, 2×(call, result))", n)
	}
	// The next turn starts on the fast model again.
	fast.Add(fake.Turn{fake.Text("quick")})
	if res := h.run("again"); res.Text != "quick" {
		t.Fatalf("next turn %+v", res)
	}
}

func TestStaysOnFastForAShortTurn(t *testing.T) {
	t.Parallel()
	fast := fake.New(globTurn("1", 3), fake.Turn{fake.Text("quick")})
	big := fake.New()
	h := newHarness(t, fast, escalating(fast, big))
	evs := h.events()
	if res := h.run("hi"); res.Text != "quick" {
		t.Fatalf("result %+v", res)
	}
	if sw := ofType(evs(), agent.EventModelSwitch); len(sw) != 0 {
		t.Fatalf("switches %+v", sw)
	}
	if n := len(big.Requests()); n != 0 {
		t.Errorf("large model asked %d times", n)
	}
}

func TestEscalationTriggers(t *testing.T) {
	t.Parallel()
	failing := func(_ context.Context, _ tools.Call) tools.Result { return tools.ErrorResult("boom") }
	cases := []struct {
		name   string
		first  fake.Turn
		second fake.Turn // nil: the escalation follows the first step
		reason string
		edit   func(*agent.Routing)
	}{
		{name: "agent tool", first: fake.Turn{fake.ToolCall("agent", map[string]any{"prompt": "x"})}, reason: agent.SwitchTool},
		{name: "configured tool", first: fake.Turn{fake.ToolCall("view", map[string]any{"file_path": "a"})}, reason: agent.SwitchTool,
			edit: func(r *agent.Routing) { r.Tools = []string{"view"} }},
		{name: "two files", first: fake.Turn{fake.ToolCall("edit", map[string]any{"file_path": "a"}), fake.ToolCall("edit", map[string]any{"file_path": "b"})},
			reason: agent.SwitchMultiFileEdit},
		{name: "tokens", first: fake.Turn{fake.ToolCall("glob", nil), fake.Usage(llm.Usage{Input: 900, Output: 200})}, reason: agent.SwitchTokens,
			edit: func(r *agent.Routing) { r.MaxTokens = 1000 }},
		{name: "repeated failure", first: fake.Turn{fake.ToolCall("fail", map[string]any{"x": 1})},
			second: fake.Turn{fake.ToolCall("fail", map[string]any{"x": 1})}, reason: agent.SwitchRepeatedFailed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fast := fake.New(tc.first)
			if tc.second != nil {
				fast.Add(tc.second)
			}
			big := fake.New(fake.Turn{fake.Text("big")})
			edits := []func(*agent.Routing){}
			if tc.edit != nil {
				edits = append(edits, tc.edit)
			}
			h := newHarness(t, fast, escalating(fast, big, edits...))
			h.tools.AddPolicy("edit", tools.PolicyWrite, agenttest.Echo).Add("fail", true, failing).Add("agent", false, agenttest.Echo)
			evs := h.events()
			if res := h.run("go"); res.Text != "big" {
				t.Fatalf("result %+v", res)
			}
			sw := ofType(evs(), agent.EventModelSwitch)
			if len(sw) != 1 || sw[0].Switch.Reason != tc.reason {
				t.Fatalf("switches %+v, want reason %s", sw, tc.reason)
			}
			fast.AssertConsumed(t)
		})
	}
}

func TestUserEscalationWhileIdleStartsTheNextTurnLarge(t *testing.T) {
	t.Parallel()
	fast := fake.New()
	big := fake.New(fake.Turn{fake.Text("big")})
	h := newHarness(t, fast, escalating(fast, big))
	if !h.co.Escalate(h.sid) {
		t.Fatal("Escalate reported routing off")
	}
	if res := h.run("hi"); res.Text != "big" {
		t.Fatalf("result %+v", res)
	}
	fast.Add(fake.Turn{fake.Text("fast again")})
	if res := h.run("hi"); res.Text != "fast again" {
		t.Fatalf("second turn %+v", res)
	}
}

func TestEscalateWithoutRoutingDoesNothing(t *testing.T) {
	t.Parallel()
	m := fake.New()
	h := newHarness(t, m)
	if h.co.Escalate(h.sid) {
		t.Fatal("Escalate reported routing on")
	}
}
