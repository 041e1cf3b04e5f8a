package llmtest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// Validate checks that events form a well-formed stream as documented on
// llm.EventType and llm.Provider, returning every violation joined:
//   - text and reasoning deltas are non-empty;
//   - a tool call starts once with an id and a name, its deltas and end
//     follow its start and carry its id, its end carries a tool_call Part
//     with the same id and name, whose Input equals the concatenated
//     deltas when there were any; every started call ends;
//   - a reasoning end carries a reasoning Part;
//   - usage counts are not negative;
//   - no EventReset or EventRetry (those are WithRetry's, never an
//     adapter's);
//   - when complete is true, exactly one EventFinish ends the stream;
//     otherwise there is none (the stream ended with an error).
func Validate(events []llm.Event, complete bool) error {
	v := validator{calls: map[string]*callState{}}
	for i, ev := range events {
		v.event(i, ev)
	}
	v.end(events, complete)
	return errors.Join(v.errs...)
}

type callState struct {
	name  string
	args  strings.Builder
	delta bool
	ended bool
}

type validator struct {
	calls    map[string]*callState
	errs     []error
	finished bool
}

func (v *validator) fail(i int, format string, args ...any) {
	v.errs = append(v.errs, fmt.Errorf("event %d: "+format, append([]any{i}, args...)...))
}

func (v *validator) event(i int, ev llm.Event) {
	if v.finished {
		v.fail(i, "%s after finish", ev.Type)
	}
	switch ev.Type {
	case llm.EventTextDelta, llm.EventReasoningDelta:
		if ev.Text == "" {
			v.fail(i, "empty %s", ev.Type)
		}
	case llm.EventReasoningEnd:
		if ev.Part == nil || ev.Part.Type != llm.PartReasoning {
			v.fail(i, "reasoning_end without a reasoning part")
		}
	case llm.EventToolCallStart, llm.EventToolCallDelta, llm.EventToolCallEnd:
		v.toolEvent(i, ev)
	case llm.EventUsage:
		u := ev.Usage
		if u.Input < 0 || u.Output < 0 || u.CacheRead < 0 || u.CacheWrite < 0 {
			v.fail(i, "negative usage %+v", u)
		}
	case llm.EventFinish:
		if ev.Reason == "" {
			v.fail(i, "finish without a reason")
		}
		v.finished = true
	case llm.EventWebResults:
		if len(ev.WebResults) == 0 {
			v.fail(i, "web_results without results")
		}
	case llm.EventReset, llm.EventRetry:
		v.fail(i, "adapter yielded %s", ev.Type)
	default:
		v.fail(i, "unknown event type %q", ev.Type)
	}
}

func (v *validator) toolEvent(i int, ev llm.Event) {
	c := v.calls[ev.ToolCallID]
	if ev.Type == llm.EventToolCallStart {
		switch {
		case ev.ToolCallID == "" || ev.ToolName == "":
			v.fail(i, "tool_call_start without id or name (%q, %q)", ev.ToolCallID, ev.ToolName)
		case c != nil:
			v.fail(i, "tool call %q started twice", ev.ToolCallID)
		default:
			v.calls[ev.ToolCallID] = &callState{name: ev.ToolName}
		}
		return
	}
	if c == nil || c.ended {
		v.fail(i, "%s for tool call %q that is not open", ev.Type, ev.ToolCallID)
		return
	}
	if ev.Type == llm.EventToolCallDelta {
		c.delta = true
		c.args.WriteString(ev.Text)
		return
	}
	c.ended = true
	p := ev.Part
	switch {
	case p == nil || p.Type != llm.PartToolCall:
		v.fail(i, "tool_call_end without a tool_call part")
	case p.ToolCallID != ev.ToolCallID || p.ToolName != c.name:
		v.fail(i, "tool_call_end part is %q/%q, want %q/%q", p.ToolCallID, p.ToolName, ev.ToolCallID, c.name)
	case c.delta && p.Input != c.args.String() && !(p.Input == "{}" && strings.TrimSpace(c.args.String()) == ""):
		v.fail(i, "tool call %q input %q differs from its deltas %q", ev.ToolCallID, p.Input, c.args.String())
	}
}

func (v *validator) end(events []llm.Event, complete bool) {
	for id, c := range v.calls {
		if !c.ended && complete {
			v.errs = append(v.errs, fmt.Errorf("tool call %q never ended", id))
		}
	}
	n := 0
	for _, ev := range events {
		if ev.Type == llm.EventFinish {
			n++
		}
	}
	switch {
	case complete && n != 1:
		v.errs = append(v.errs, fmt.Errorf("%d finish events, want exactly 1", n))
	case !complete && n != 0:
		v.errs = append(v.errs, fmt.Errorf("finish event in a stream that ended with an error"))
	}
}
