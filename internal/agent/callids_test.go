package agent_test

import (
	"context"
	"iter"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

// TestRepeatedCallIDsRunOnce: a model that gives three calls one id, and
// reuses an id of the step before, still gets each call run exactly once
// and answered under an id of its own.
func TestRepeatedCallIDsRunOnce(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "a"}).WithID("dup")},
		fake.Turn{
			fake.ToolCall("glob", map[string]any{"pattern": "b"}).WithID("dup"),
			fake.ToolCall("view", map[string]any{"file_path": "c"}).WithID("dup"),
			fake.ToolCall("glob", map[string]any{"pattern": "d"}).WithID(""),
		},
		fake.Turn{fake.Text("done")},
	)
	h := newHarness(t, m)
	if res := h.run("go"); res.Reason != agent.ExitDone {
		t.Fatalf("result %+v", res)
	}
	calls := h.tools.Calls()
	if len(calls) != 4 {
		t.Fatalf("%d executions, want 4: %+v", len(calls), calls)
	}
	ids := map[string]bool{}
	for _, c := range calls {
		if c.ID == "" || ids[c.ID] {
			t.Errorf("call id %q empty or run twice (%+v)", c.ID, calls)
		}
		ids[c.ID] = true
	}
	checkValid(t, m.Requests()[2].Messages)
}

// TestInterleavedRepeatedIDs: a provider that streams two calls at once
// under one id (start, start, deltas, end, end) still yields two calls,
// each run once.
func TestInterleavedRepeatedIDs(t *testing.T) {
	t.Parallel()
	a := llm.ToolCallPart("x", "glob", `{"pattern":"a"}`)
	b := llm.ToolCallPart("x", "view", `{"file_path":"b"}`)
	first := true
	model := llm.ProviderFunc(func(context.Context, *llm.Request) iter.Seq2[llm.Event, error] {
		return func(yield func(llm.Event, error) bool) {
			if !first {
				_ = yield(llm.Event{Type: llm.EventTextDelta, Text: "ok"}, nil) && yield(llm.Event{Type: llm.EventFinish, Reason: llm.FinishStop}, nil)
				return
			}
			first = false
			for _, ev := range []llm.Event{
				{Type: llm.EventToolCallStart, ToolCallID: "x", ToolName: "glob"},
				{Type: llm.EventToolCallStart, ToolCallID: "x", ToolName: "view"},
				{Type: llm.EventToolCallDelta, ToolCallID: "x", Text: b.Input},
				{Type: llm.EventToolCallEnd, ToolCallID: "x", Part: &b},
				{Type: llm.EventToolCallDelta, ToolCallID: "x", Text: a.Input},
				{Type: llm.EventToolCallEnd, ToolCallID: "x", Part: &a},
				{Type: llm.EventFinish, Reason: llm.FinishToolUse},
			} {
				if !yield(ev, nil) {
					return
				}
			}
		}
	})
	h := newHarness(t, nil, func(c *agent.Config) { c.Large = []agent.Candidate{candidate("p", model)} })
	if res := h.run("go"); res.Reason != agent.ExitDone {
		t.Fatalf("result %+v", res)
	}
	calls := h.tools.Calls()
	names := map[string]bool{}
	for _, c := range calls {
		names[c.Name] = true
	}
	if len(calls) != 2 || calls[0].ID == calls[1].ID || !names["glob"] || !names["view"] {
		t.Fatalf("executions %+v, want glob and view once each under distinct ids", calls)
	}
	checkValid(t, h.conversation())
}
