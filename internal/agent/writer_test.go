package agent_test

import (
	"context"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

// Text streamed just before the model pauses reaches subscribers during
// the pause, not only with the next event.
func TestHeldBackTextIsPublishedDuringAPause(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	h := newHarness(t, fake.New(fake.Turn{fake.Text("hello"), fake.WaitFor(release), fake.Text(" world")}),
		func(c *agent.Config) { c.UpdateInterval = 20 * time.Millisecond })
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	events := h.co.Subscribe(ctx)
	done := h.runAsync("hi")
	deadline := time.After(30 * time.Second)
	for seen := false; !seen; {
		select {
		case ev := <-events:
			m := ev.Payload.Message
			seen = ev.Payload.Type == agent.EventMessage && m != nil && m.LLM().Text() == "hello"
		case <-deadline:
			t.Fatal("the text before the pause was never published")
		}
	}
	close(release)
	if res := <-done; res.Text != "hello world" {
		t.Errorf("result %q", res.Text)
	}
}

// A stream that never pauses but lasts many intervals is published in
// coalesced snapshots as it goes, each holding everything received so
// far, not once per delta and not only at its end.
func TestSteadyStreamIsPublishedInSnapshots(t *testing.T) {
	t.Parallel()
	const chunks = 40
	turn := fake.Turn{fake.ChunkDelay(5 * time.Millisecond)}
	want := ""
	for range chunks {
		turn = append(turn, fake.Text("x"))
		want += "x"
	}
	h := newHarness(t, fake.New(turn), func(c *agent.Config) { c.UpdateInterval = 20 * time.Millisecond })
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	events := h.co.Subscribe(ctx)
	done := h.runAsync("hi")
	var snapshots []string
	for finished := false; !finished; {
		ev := <-events
		switch m := ev.Payload.Message; {
		case ev.Payload.Type == agent.EventMessage && m != nil && m.Role == llm.RoleAssistant:
			snapshots = append(snapshots, m.LLM().Text())
		case ev.Payload.Type == agent.EventTurnFinished:
			finished = true
		}
	}
	if res := <-done; res.Text != want {
		t.Fatalf("result %q", res.Text)
	}
	mid := 0
	for i, s := range snapshots {
		if i > 0 && len(s) < len(snapshots[i-1]) {
			t.Fatalf("snapshot %d (%q) is shorter than the one before (%q)", i, s, snapshots[i-1])
		}
		if s != "" && s != want {
			mid++
		}
	}
	if mid == 0 || len(snapshots) >= chunks {
		t.Errorf("%d snapshots, %d of them mid-stream; want some mid-stream and fewer than the %d deltas: %q",
			len(snapshots), mid, chunks, snapshots)
	}
}
