package llmtest

import (
	"context"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// Result is everything one Stream call yielded.
type Result struct {
	Events []llm.Event
	// Err is the error the stream ended with, nil when it finished.
	Err error
}

// Collect ranges over p.Stream(ctx, req) to the end.
func Collect(ctx context.Context, p llm.Provider, req *llm.Request) Result {
	var r Result
	for ev, err := range p.Stream(ctx, req) {
		if err != nil {
			r.Err = err
			continue
		}
		r.Events = append(r.Events, ev)
	}
	return r
}

// Text concatenates the text deltas.
func (r Result) Text() string { return r.concat(llm.EventTextDelta) }

// Reasoning concatenates the reasoning deltas.
func (r Result) Reasoning() string { return r.concat(llm.EventReasoningDelta) }

func (r Result) concat(t llm.EventType) string {
	var b strings.Builder
	for _, ev := range r.Events {
		if ev.Type == t {
			b.WriteString(ev.Text)
		}
	}
	return b.String()
}

// Count is the number of events of type t.
func (r Result) Count(t llm.EventType) int {
	n := 0
	for _, ev := range r.Events {
		if ev.Type == t {
			n++
		}
	}
	return n
}

// ToolCalls returns the parts of the EventToolCallEnd events, in order.
func (r Result) ToolCalls() []llm.Part { return r.parts(llm.EventToolCallEnd) }

// ReasoningParts returns the parts of the EventReasoningEnd events.
func (r Result) ReasoningParts() []llm.Part { return r.parts(llm.EventReasoningEnd) }

func (r Result) parts(t llm.EventType) []llm.Part {
	var out []llm.Part
	for _, ev := range r.Events {
		if ev.Type == t && ev.Part != nil {
			out = append(out, *ev.Part)
		}
	}
	return out
}

// Usage returns the last usage event's value and whether there was one.
func (r Result) Usage() (llm.Usage, bool) {
	for i := len(r.Events) - 1; i >= 0; i-- {
		if r.Events[i].Type == llm.EventUsage {
			return r.Events[i].Usage, true
		}
	}
	return llm.Usage{}, false
}

// Finish returns the reason of the last finish event, "" when none.
func (r Result) Finish() llm.FinishReason {
	for i := len(r.Events) - 1; i >= 0; i-- {
		if r.Events[i].Type == llm.EventFinish {
			return r.Events[i].Reason
		}
	}
	return ""
}

// Message is the assistant message the events describe: finished
// reasoning parts, text (one part per uninterrupted run of deltas) and
// tool calls, in stream order — what the agent would store and send back.
func (r Result) Message() llm.Message {
	m := llm.Message{Role: llm.RoleAssistant}
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			m.Parts = append(m.Parts, llm.Text(text.String()))
			text.Reset()
		}
	}
	for _, ev := range r.Events {
		switch {
		case ev.Type == llm.EventTextDelta:
			text.WriteString(ev.Text)
		case (ev.Type == llm.EventReasoningEnd || ev.Type == llm.EventToolCallEnd) && ev.Part != nil:
			flush()
			m.Parts = append(m.Parts, *ev.Part)
		}
	}
	flush()
	return m
}
