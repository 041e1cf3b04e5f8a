package agent_test

import (
	"context"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
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
