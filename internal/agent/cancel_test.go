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

func TestCancelMidStreamKeepsPartialText(t *testing.T) {
	t.Parallel()
	sig, never := make(chan struct{}), make(chan struct{})
	m := fake.New(
		fake.Turn{fake.Text("partial answer"), fake.ToolCall("glob", map[string]any{"pattern": "*"}), fake.Signal(sig), fake.WaitFor(never)},
		fake.Turn{fake.Text("fresh start")},
	)
	h := newHarness(t, m)
	done := h.runAsync("question")
	wait(t, sig, "partial stream")
	h.co.Cancel(h.sid)
	res := wait(t, done, "cancelled run")
	if res.Reason != agent.ExitCanceled {
		t.Fatalf("result %+v", res)
	}
	if h.co.IsBusy(h.sid) {
		t.Fatal("session still busy after cancel")
	}
	st := h.stored()
	a := st[1]
	if a.Status != message.StatusDone || a.FinishReason != llm.FinishCanceled || a.LLM().Text() != "partial answer" {
		t.Fatalf("assistant after cancel: %+v", a)
	}
	if len(h.tools.Calls()) != 0 {
		t.Error("a tool ran after the cancel")
	}
	checkValid(t, h.conversation())

	res = h.run("again")
	m.AssertConsumed(t)
	if res.Reason != agent.ExitDone || res.Text != "fresh start" {
		t.Fatalf("next run %+v", res)
	}
	req := m.Requests()[1]
	checkValid(t, req.Messages)
	if got := roles(req.Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "tool", "user"}) {
		t.Errorf("roles %v", got)
	}
	if r := results(req.Messages[2])[0]; !r.IsError || !strings.Contains(r.Text, "interrupted") {
		t.Errorf("synthetic result %+v", r)
	}
}

func TestCancelMidToolAnswersEveryCall(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("block", map[string]any{"n": 1}), fake.ToolCall("block", map[string]any{"n": 2})},
		fake.Turn{fake.Text("after")},
	)
	h := newHarness(t, m)
	started := make(chan string, 2)
	h.tools.Add("block", false, blockingTool(started, make(chan struct{})))
	done := h.runAsync("work")
	wait(t, started, "first tool")
	h.co.Cancel(h.sid)
	res := wait(t, done, "cancelled run")
	if res.Reason != agent.ExitCanceled {
		t.Fatalf("result %+v", res)
	}
	if n := len(h.tools.Calls()); n != 1 {
		t.Errorf("%d tool calls started, want 1", n)
	}
	conv := h.conversation()
	checkValid(t, conv)
	r := results(conv[2])
	if r[0].Text != "cancelled while running" || !strings.Contains(r[1].Text, "before this tool call ran") {
		t.Errorf("results %+v", r)
	}
	res = h.run("continue")
	m.AssertConsumed(t)
	checkValid(t, m.Requests()[1].Messages)
	if res.Reason != agent.ExitDone {
		t.Errorf("next run %+v", res)
	}
}

func TestCancelTouchesOnlyItsSession(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.ToolCall("block", nil)}, fake.Turn{fake.ToolCall("block", nil)}, fake.Turn{fake.Text("b done")})
	h := newHarness(t, m)
	started, release := make(chan string, 2), make(chan struct{})
	h.tools.Add("block", false, blockingTool(started, release))
	other, _ := h.sess.Create(t.Context(), h.cfg.WorkDir)
	doneA := h.runAsync("a")
	wait(t, started, "a's tool")
	doneB := make(chan *agent.Result, 1)
	go func() {
		res, _ := h.co.Run(t.Context(), other.ID, "b", nil)
		doneB <- res
	}()
	wait(t, started, "b's tool")
	h.co.Cancel(h.sid)
	if res := wait(t, doneA, "a"); res.Reason != agent.ExitCanceled {
		t.Errorf("a: %+v", res)
	}
	if !h.co.IsBusy(other.ID) {
		t.Fatal("cancelling a stopped b")
	}
	close(release)
	if res := wait(t, doneB, "b"); res.Reason != agent.ExitDone {
		t.Errorf("b: %+v", res)
	}
}
