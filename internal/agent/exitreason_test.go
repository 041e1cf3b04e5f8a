package agent_test

import (
	"context"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/tools"
)

// denyOrAllow is a write tool denying calls whose input is {"deny":true}.
func denyOrAllow(_ context.Context, call tools.Call) tools.Result {
	if string(call.Input) == `{"deny":true}` {
		r := tools.ErrorResult("permission denied for write")
		r.Denied = true
		return r
	}
	return tools.Result{Content: "written"}
}

func TestExitReasonOfAFinishedTurn(t *testing.T) {
	t.Parallel()
	denied := map[string]any{"deny": true}
	allowed := map[string]any{"deny": false}
	for _, tt := range []struct {
		name  string
		turns []fake.Turn
		want  agent.ExitReason
	}{
		{"answer", []fake.Turn{{fake.Text("All good.")}}, agent.ExitDone},
		{"empty answer", []fake.Turn{{fake.Text("  \n")}}, agent.ExitEmptyAnswer},
		{"empty answer after tools", []fake.Turn{{fake.Text("Looking."), fake.ToolCall("glob", nil)}, {}}, agent.ExitEmptyAnswer},
		{"stopped after a denial", []fake.Turn{{fake.ToolCall("write", denied)}, {fake.Text("Not allowed.")}}, agent.ExitPermissionDenied},
		// The model looked around after the denial and then answered: its
		// only file change was still refused.
		{"every change denied", []fake.Turn{
			{fake.ToolCall("write", denied)}, {fake.ToolCall("glob", nil)}, {fake.Text("I could not write it.")},
		}, agent.ExitPermissionDenied},
		{"one change went through", []fake.Turn{
			{fake.ToolCall("write", denied)}, {fake.ToolCall("write", allowed)}, {fake.ToolCall("glob", nil)}, {fake.Text("Written.")},
		}, agent.ExitDone},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, fake.New(tt.turns...))
			h.tools.AddPolicy("write", tools.PolicyWrite, denyOrAllow)
			if res := h.run("go"); res.Reason != tt.want {
				t.Errorf("reason = %s, want %s (%+v)", res.Reason, tt.want, res)
			}
		})
	}
}
