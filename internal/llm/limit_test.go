package llm

import (
	"context"
	"iter"
	"slices"
	"strings"
	"testing"
)

// endless streams text deltas of s until the caller stops, counting how
// many it yielded.
type endless struct {
	s       string
	yielded int
	stopped bool
}

func (e *endless) Stream(context.Context, *Request) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		for yield(Event{Type: EventTextDelta, Text: e.s}, nil) {
			e.yielded++
		}
		e.stopped = true
	}
}

func TestLimitOutputCutsAndFinishes(t *testing.T) {
	t.Parallel()
	src := &endless{s: "héllo "} // 7 bytes, é is two
	var text strings.Builder
	var types []EventType
	var reason FinishReason
	for ev, err := range LimitOutput(src, 100).Stream(t.Context(), &Request{}) {
		if err != nil {
			t.Fatal(err)
		}
		types = append(types, ev.Type)
		text.WriteString(ev.Text)
		reason = ev.Reason
	}
	if !src.stopped {
		t.Error("the inner stream was not abandoned")
	}
	if reason != FinishOutputTooLarge || types[len(types)-1] != EventFinish {
		t.Errorf("last event %v reason %q", types[len(types)-1], reason)
	}
	if got := text.String(); len(got) > 100 || !strings.HasPrefix(strings.Repeat("héllo ", 20), got) || len(got) < 95 {
		t.Errorf("text %d bytes %q", len(got), got)
	}
}

func TestLimitOutputCountsReasoningAndArguments(t *testing.T) {
	t.Parallel()
	sp := &scripted{attempts: []attempt{{events: []Event{
		{Type: EventReasoningDelta, Text: strings.Repeat("r", 40)},
		{Type: EventToolCallStart, ToolCallID: "c", ToolName: "write"},
		{Type: EventToolCallDelta, ToolCallID: "c", Text: strings.Repeat("a", 40)},
		{Type: EventToolCallDelta, ToolCallID: "c", Text: strings.Repeat("a", 40)},
		finish,
	}}}}
	types, err := run(t, LimitOutput(sp, 100))
	want := []EventType{EventReasoningDelta, EventToolCallStart, EventToolCallDelta, EventFinish}
	if err != nil || !slices.Equal(types, want) {
		t.Errorf("events %v err %v, want %v", types, err, want)
	}
}

func TestLimitOutputResetRestartsCount(t *testing.T) {
	t.Parallel()
	sp := &scripted{attempts: []attempt{{events: []Event{
		text(strings.Repeat("x", 80)), {Type: EventReset}, text(strings.Repeat("y", 80)), finish,
	}}}}
	var reason FinishReason
	for ev, err := range LimitOutput(sp, 100).Stream(t.Context(), &Request{}) {
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type == EventFinish {
			reason = ev.Reason
		}
	}
	if reason != FinishStop {
		t.Errorf("reason %q: a reset must restart the count", reason)
	}
}

func TestLimitOutputOffAndUnderLimit(t *testing.T) {
	t.Parallel()
	sp := &scripted{}
	if LimitOutput(sp, 0) != Provider(sp) {
		t.Error("max 0 must return the provider unchanged")
	}
	sp = &scripted{attempts: []attempt{{events: []Event{text("short"), finish}}}}
	types, _ := run(t, LimitOutput(sp, 100))
	if !slices.Equal(types, []EventType{EventTextDelta, EventFinish}) {
		t.Errorf("events %v", types)
	}
}
