package agent_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
)

// crashRows are the rows a kill -9 during a tool step leaves: the user
// prompt, the assistant message still "streaming" with text, a complete
// call and a call whose arguments were cut, no results, and a prompt that
// was waiting in the queue.
func crashRows(sid string) []message.Message {
	return []message.Message{
		{SessionID: sid, Role: llm.RoleUser, Status: message.StatusDone, Parts: []llm.Part{llm.Text("fix the bug")}},
		{SessionID: sid, Role: llm.RoleAssistant, Status: message.StatusStreaming, Model: "m", Provider: "a", Parts: []llm.Part{
			llm.Text("Looking"),
			llm.ToolCallPart("c1", "glob", `{"pattern":"*.go"}`),
			{Type: llm.PartToolCall, ToolCallID: "c2", ToolName: "view", Input: `{"file_pa`},
		}},
		{SessionID: sid, Role: llm.RoleUser, Status: message.StatusQueued, Parts: []llm.Part{llm.Text("and add a test")}},
	}
}

func TestResumeAfterCrash(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("resumed")}, fake.Turn{fake.Text("again")})
	h := newHarness(t, m)
	h.msgs.Put(crashRows(h.sid)...)

	res := h.run("continue please")
	if res.Reason != agent.ExitDone {
		t.Fatalf("result %+v", res)
	}
	req := m.Requests()[0]
	checkValid(t, req.Messages)
	if got := roles(req.Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "tool", "user", "user"}) {
		t.Fatalf("roles %v", got)
	}
	a := req.Messages[1]
	if a.Text() != "Looking" || a.ToolCalls()[1].InputError == "" {
		t.Errorf("assistant sent as %+v", a)
	}
	for _, r := range results(req.Messages[2]) {
		if !r.IsError || !strings.Contains(r.Text, "interrupted") {
			t.Errorf("result %+v", r)
		}
	}
	if a, b := req.Messages[3].Text(), req.Messages[4].Text(); a != "and add a test" || b != "continue please" {
		t.Errorf("user messages %q, %q: want the queued prompt, then the new one, apart", a, b)
	}

	// The repair is stored: the streaming row is closed, the results exist.
	st := h.stored()
	if st[1].Status != message.StatusDone || st[1].FinishReason != llm.FinishCanceled {
		t.Errorf("assistant row %+v", st[1])
	}
	checkValid(t, h.conversation())
	if len(h.tools.Calls()) != 0 {
		t.Error("an interrupted call was run")
	}

	// Idempotent: another turn repairs nothing more.
	before := len(h.stored())
	h.run("more")
	m.AssertConsumed(t)
	if got := len(h.stored()); got != before+2 {
		t.Errorf("%d rows after another turn, want %d", got, before+2)
	}
	checkValid(t, m.Requests()[1].Messages)
}

func TestResumeDropsOrphanResults(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("ok")})
	h := newHarness(t, m)
	h.msgs.Put(
		message.Message{SessionID: h.sid, Role: llm.RoleUser, Status: message.StatusDone, Parts: []llm.Part{llm.Text("hi")}},
		message.Message{SessionID: h.sid, Role: llm.RoleTool, Status: message.StatusDone, Parts: []llm.Part{llm.ToolResult("ghost", "glob", "x", false)}},
		message.Message{SessionID: h.sid, Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{llm.ToolCallPart("c1", "glob", "{}")}},
		message.Message{SessionID: h.sid, Role: llm.RoleTool, Status: message.StatusDone, Parts: []llm.Part{
			llm.ToolResult("stray", "glob", "y", false), llm.ToolResult("c1", "glob", "z", false)}},
	)
	h.run("next")
	req := m.Requests()[0]
	checkValid(t, req.Messages)
	if got := roles(req.Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "tool", "user"}) {
		t.Fatalf("roles %v", got)
	}
	if r := results(req.Messages[2]); len(r) != 1 || r[0].Text != "z" {
		t.Errorf("results %+v", r)
	}
}
