package llm

import (
	"testing"
	"time"
)

// TestWarmupStartsAtTheFirstToolCallOnly: a response of text starts no
// warm-up; the first tool call starts it once, and no later response
// starts it again.
func TestWarmupStartsAtTheFirstToolCallOnly(t *testing.T) {
	var w Warmup
	started := make(chan struct{}, 4)
	fn := func() { started <- struct{}{} }
	passed := 0
	yield := func(Event, error) bool { passed++; return true }
	stream := func(evs ...Event) {
		y := w.Watch(yield, fn)
		for _, ev := range evs {
			y(ev, nil)
		}
	}
	text := Event{Type: EventTextDelta, Text: "hi"}
	call := Event{Type: EventToolCallStart, ToolCallID: "c1", ToolName: "glob"}
	stream(text, text, Event{Type: EventFinish})
	select {
	case <-started:
		t.Fatal("a response without tool calls started the warm-up")
	case <-time.After(20 * time.Millisecond):
	}
	stream(text, call, Event{Type: EventToolCallStart, ToolCallID: "c2", ToolName: "glob"})
	<-started
	stream(call)
	select {
	case <-started:
		t.Fatal("the warm-up started twice")
	case <-time.After(20 * time.Millisecond):
	}
	if passed != 7 {
		t.Errorf("yield saw %d events, want all 7", passed)
	}
}
