package llm

import (
	"context"
	"iter"
	"unicode/utf8"
)

// DefaultMaxOutput is the output limit the agent applies when none is
// configured: 4 MiB of text, reasoning and tool-call arguments per
// response, far above what any model writes in one answer.
const DefaultMaxOutput = 4 << 20

// LimitOutput returns a Provider that cuts p's responses after max bytes
// of text, reasoning and tool-call arguments. The delta that crosses the
// limit is cut at it (on a UTF-8 boundary; a tool-call delta is dropped),
// p's stream is abandoned, which closes its connection, and an EventFinish
// with FinishOutputTooLarge ends the response: tool calls still open
// never end, so the caller knows they are incomplete. An EventReset (a
// retry) restarts the count. max <= 0 returns p unchanged.
//
// The wrapper holds nothing of the stream, so the memory a runaway model
// costs is bounded by what the caller keeps of max bytes.
func LimitOutput(p Provider, max int) Provider {
	if max <= 0 {
		return p
	}
	return ProviderFunc(func(ctx context.Context, req *Request) iter.Seq2[Event, error] {
		return func(yield func(Event, error) bool) {
			left := max
			for ev, err := range p.Stream(ctx, req) {
				if err != nil {
					yield(ev, err)
					return
				}
				switch ev.Type {
				case EventReset:
					left = max
				case EventTextDelta, EventReasoningDelta, EventToolCallDelta:
					if len(ev.Text) > left {
						cutOff(ev, left, yield)
						return
					}
					left -= len(ev.Text)
				}
				if !yield(ev, nil) {
					return
				}
			}
		}
	})
}

// cutOff yields what fits of the delta that crosses the limit, then the
// finish that says why the response ends.
func cutOff(ev Event, left int, yield func(Event, error) bool) {
	if ev.Type != EventToolCallDelta {
		for left > 0 && !utf8.RuneStart(ev.Text[left]) {
			left--
		}
		if left > 0 {
			ev.Text = ev.Text[:left]
			if !yield(ev, nil) {
				return
			}
		}
	}
	yield(Event{Type: EventFinish, Reason: FinishOutputTooLarge}, nil)
}
