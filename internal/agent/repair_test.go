package agent

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

func TestRepairIsIdempotent(t *testing.T) {
	t.Parallel()
	msgs := []message.Message{
		{ID: "1", Role: llm.RoleUser, Status: message.StatusDone, Parts: []llm.Part{llm.Text("hi")}},
		{ID: "2", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{llm.ToolCallPart("a", "glob", "{}"), llm.ToolCallPart("b", "ls", "{}")}},
		{ID: "3", Role: llm.RoleTool, Status: message.StatusDone, Parts: []llm.Part{llm.ToolResult("b", "ls", "x", false)}},
		{ID: "4", Role: llm.RoleUser, Status: message.StatusDone, Parts: []llm.Part{llm.Text("next")}},
		{ID: "5", Role: llm.RoleAssistant, Status: message.StatusStreaming, Parts: []llm.Part{llm.Text("part"), llm.ToolCallPart("c", "view", "{}")}},
	}
	plan := planRepair(msgs, 1)
	if len(plan.updates) != 2 || plan.create != len(plan.hist)-1 {
		t.Fatalf("plan: %d updates, create %d of %d", len(plan.updates), plan.create, len(plan.hist))
	}
	tool := plan.updates[0]
	if tool.ID != "3" || tool.Parts[0].ToolCallID != "a" || !tool.Parts[0].IsError || tool.Parts[1].Text != "x" {
		t.Errorf("completed tool message %+v", tool)
	}
	// Apply the plan as a store would and plan again: nothing to do.
	fixed := make([]message.Message, len(plan.hist))
	copy(fixed, plan.hist)
	fixed[plan.create].ID = "6"
	again := planRepair(fixed, 2)
	if len(again.updates) != 0 || again.create != -1 || len(again.hist) != len(fixed) {
		t.Errorf("second plan: %+v", again)
	}
}

func TestRepairSynthesizesInMemoryOnlyMidHistory(t *testing.T) {
	t.Parallel()
	msgs := []message.Message{
		{ID: "1", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{llm.ToolCallPart("a", "glob", "{}")}},
		{ID: "2", Role: llm.RoleUser, Status: message.StatusDone, Parts: []llm.Part{llm.Text("hi")}},
	}
	plan := planRepair(msgs, 1)
	if plan.create != -1 || len(plan.updates) != 0 || len(plan.hist) != 3 || plan.hist[1].Role != llm.RoleTool {
		t.Errorf("plan %+v", plan)
	}
}
