package agent_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
)

func TestQueuedPromptFoldedBeforeNextStep(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("block", nil)},
		fake.Turn{fake.Text("answer to both")},
	)
	h := newHarness(t, m)
	started, release := make(chan string, 1), make(chan struct{})
	h.tools.Add("block", false, blockingTool(started, release))
	evs := h.events()
	done := h.runAsync("first")
	wait(t, started, "tool start")
	if !h.co.IsBusy(h.sid) {
		t.Fatal("session not busy while its tool runs")
	}
	res, err := h.co.Run(t.Context(), h.sid, "second", nil)
	if err != nil || res.Reason != agent.ExitQueued || res.QueuedMessageID == "" {
		t.Fatalf("queued run: %+v, %v", res, err)
	}
	q := h.co.Queue(h.sid)
	if len(q) != 1 || q[0].Text != "second" || q[0].MessageID != res.QueuedMessageID {
		t.Fatalf("queue %+v", q)
	}
	if st := h.stored(); st[len(st)-1].Status != message.StatusQueued {
		t.Fatalf("queued prompt stored as %s", st[len(st)-1].Status)
	}
	close(release)
	first := wait(t, done, "first run")
	m.AssertConsumed(t)
	if first.Reason != agent.ExitDone || first.Steps != 2 || first.Text != "answer to both" {
		t.Fatalf("first run %+v", first)
	}
	req := m.Requests()[1]
	checkValid(t, req.Messages)
	if got := roles(req.Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "tool", "user"}) {
		t.Fatalf("roles %v", got)
	}
	if req.Messages[3].Text() != "second" {
		t.Errorf("folded prompt %q", req.Messages[3].Text())
	}
	// Stored order is the conversation order; the queued row is gone.
	conv := h.conversation()
	checkValid(t, conv)
	if got := roles(conv); !slices.Equal(got, []llm.Role{"user", "assistant", "tool", "user", "assistant"}) {
		t.Errorf("stored roles %v", got)
	}
	for _, s := range h.stored() {
		if s.ID == res.QueuedMessageID || s.Status == message.StatusQueued {
			t.Errorf("queued row left: %+v", s)
		}
	}
	if len(h.co.Queue(h.sid)) != 0 {
		t.Error("queue not empty")
	}
	if n := len(ofType(evs(), agent.EventQueueChanged)); n < 2 {
		t.Errorf("%d queue events, want at least 2", n)
	}
}

func TestQueuedPromptContinuesAfterAnswer(t *testing.T) {
	t.Parallel()
	streaming, proceed := make(chan struct{}), make(chan struct{})
	m := fake.New(
		fake.Turn{fake.Text("one"), fake.Signal(streaming), fake.WaitFor(proceed)},
		fake.Turn{fake.Text("two")},
	)
	h := newHarness(t, m)
	done := h.runAsync("first")
	wait(t, streaming, "stream")
	if res, _ := h.co.Run(t.Context(), h.sid, "second", nil); res.Reason != agent.ExitQueued {
		t.Fatalf("not queued: %+v", res)
	}
	close(proceed)
	res := wait(t, done, "run")
	m.AssertConsumed(t)
	if res.Text != "two" || res.Steps != 2 {
		t.Errorf("result %+v", res)
	}
	if got := roles(m.Requests()[1].Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "user"}) {
		t.Errorf("roles %v", got)
	}
}

func TestRemoveQueued(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.ToolCall("block", nil)}, fake.Turn{fake.Text("ok")})
	h := newHarness(t, m)
	started, release := make(chan string, 1), make(chan struct{})
	h.tools.Add("block", false, blockingTool(started, release))
	done := h.runAsync("first")
	wait(t, started, "tool start")
	a, _ := h.co.Run(t.Context(), h.sid, "drop me", nil)
	b, _ := h.co.Run(t.Context(), h.sid, "keep me", nil)
	if err := h.co.RemoveQueued(t.Context(), h.sid, a.QueuedMessageID); err != nil {
		t.Fatal(err)
	}
	if err := h.co.RemoveQueued(t.Context(), h.sid, a.QueuedMessageID); !errors.Is(err, agent.ErrNotQueued) {
		t.Errorf("second remove: %v", err)
	}
	if q := h.co.Queue(h.sid); len(q) != 1 || q[0].MessageID != b.QueuedMessageID {
		t.Errorf("queue %+v", q)
	}
	close(release)
	wait(t, done, "run")
	msgs := m.Requests()[1].Messages
	if last := msgs[len(msgs)-1].Text(); last != "keep me" {
		t.Errorf("folded %q", last)
	}
}

func TestSummarizeRefusesBusySession(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.ToolCall("block", nil)}, fake.Turn{fake.Text("ok")})
	h := newHarness(t, m)
	started, release := make(chan string, 1), make(chan struct{})
	h.tools.Add("block", false, blockingTool(started, release))
	done := h.runAsync("first")
	wait(t, started, "tool start")
	if err := h.co.Summarize(t.Context(), h.sid); !errors.Is(err, agent.ErrBusy) {
		t.Errorf("summarize busy session: %v", err)
	}
	close(release)
	wait(t, done, "run")
}
