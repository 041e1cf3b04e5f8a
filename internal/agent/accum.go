package agent

import (
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// accumulator assembles the parts of an assistant message from stream
// events. Growing text (text, reasoning, tool-call arguments) is kept in
// append-only builders whose String costs no copy, so neither a delta nor
// a snapshot copies what was received before: a long answer costs linear
// time and memory.
//
// Tool calls get ids unique in the message and in the session: a call
// whose id is missing, repeats an earlier call's or one of taken gets a
// fresh id, and later events naming the provider's id reach the most
// recent call that still streams under it.
type accumulator struct {
	parts []llm.Part
	bufs  []*strings.Builder // open buffer per part; nil once the part is final
	wire  []string           // the provider's id of each tool call part
	calls map[string]int     // provider id → part index of the latest open call
	open  int                // index of the open text or reasoning part, or -1
	ids   llm.CallIDs
	taken map[string]bool // ids already used in the session (read only)
}

// newAccumulator returns an accumulator; taken (may be nil) holds the
// tool-call ids the session's history already uses.
func newAccumulator(taken map[string]bool) *accumulator {
	return &accumulator{open: -1, taken: taken}
}

// apply adds ev; it reports whether the message content changed.
func (a *accumulator) apply(ev llm.Event) bool {
	switch ev.Type {
	case llm.EventTextDelta:
		return a.appendText(llm.PartText, ev.Text)
	case llm.EventReasoningDelta:
		return a.appendText(llm.PartReasoning, ev.Text)
	case llm.EventReasoningEnd:
		a.endReasoning(ev.Part)
	case llm.EventToolCallStart:
		a.startCall(ev.ToolCallID, ev.ToolName)
	case llm.EventToolCallDelta:
		i, ok := a.callIndex(ev.ToolCallID)
		if !ok {
			i = a.startCall(ev.ToolCallID, ev.ToolName)
		}
		appendTo(a.bufs[i], ev.Text)
	case llm.EventToolCallEnd:
		a.endCall(ev)
	default:
		return false
	}
	return true
}

func (a *accumulator) add(p llm.Part, buf *strings.Builder, wire string) int {
	a.parts = append(a.parts, p)
	a.bufs = append(a.bufs, buf)
	a.wire = append(a.wire, wire)
	return len(a.parts) - 1
}

func (a *accumulator) appendText(typ llm.PartType, s string) bool {
	if s == "" {
		return false
	}
	if a.open >= 0 && a.parts[a.open].Type == typ {
		appendTo(a.bufs[a.open], s)
		return true
	}
	b := &strings.Builder{}
	appendTo(b, s)
	a.open = a.add(llm.Part{Type: typ}, b, "")
	return true
}

// appendTo appends s to b. Growing through Grow leaves the new spare
// capacity unwritten, where append would zero it: zeroing touches pages
// that no text has reached yet, and a first touch of a page (a page
// fault) costs 30 µs on a virtual machine, more than the copy.
func appendTo(b *strings.Builder, s string) {
	b.Grow(len(s))
	b.WriteString(s)
}

func (a *accumulator) endReasoning(p *llm.Part) {
	i := a.open
	if i < 0 || a.parts[i].Type != llm.PartReasoning {
		if p != nil {
			a.add(*p, nil, "")
		}
		return
	}
	text := a.bufs[i].String()
	if p != nil {
		a.parts[i] = *p
		a.parts[i].Type = llm.PartReasoning
	}
	if a.parts[i].Text == "" {
		a.parts[i].Text = text
	}
	a.bufs[i] = nil
	a.open = -1
}

// uniqueID is wire, or a fresh id when wire is empty or already used.
func (a *accumulator) uniqueID(wire string) string {
	if a.taken[wire] {
		wire = ""
	}
	id := a.ids.Use(wire)
	for a.taken[id] {
		id = a.ids.Use("")
	}
	return id
}

// startCall opens a call and returns its part index.
func (a *accumulator) startCall(wire, name string) int {
	a.open = -1
	if a.calls == nil {
		a.calls = make(map[string]int)
	}
	i := a.add(llm.Part{Type: llm.PartToolCall, ToolCallID: a.uniqueID(wire), ToolName: name}, &strings.Builder{}, wire)
	a.calls[wire] = i
	return i
}

// callIndex finds a streaming call by the provider's id, or the last
// streaming call when the adapter sent no id with the event.
func (a *accumulator) callIndex(wire string) (int, bool) {
	if i, ok := a.calls[wire]; ok {
		return i, true
	}
	if wire != "" {
		return 0, false
	}
	for i := len(a.parts) - 1; i >= 0; i-- {
		if a.parts[i].Type == llm.PartToolCall && a.bufs[i] != nil {
			return i, true
		}
	}
	return 0, false
}

func (a *accumulator) endCall(ev llm.Event) {
	if ev.Part == nil {
		return
	}
	wire := ev.ToolCallID
	i, ok := a.callIndex(wire)
	if !ok && ev.Part.ToolCallID != "" {
		wire = ev.Part.ToolCallID
		i, ok = a.callIndex(wire)
	}
	if !ok {
		p := *ev.Part
		p.ToolCallID = a.uniqueID(p.ToolCallID)
		a.add(p, nil, wire)
		return
	}
	id := a.parts[i].ToolCallID
	a.parts[i] = *ev.Part
	a.parts[i].ToolCallID = id
	a.bufs[i] = nil
	a.reopen(a.wire[i])
}

// reopen points the provider id wire at the latest call still streaming
// under it, if any (a provider that repeats ids for calls in a row).
func (a *accumulator) reopen(wire string) {
	delete(a.calls, wire)
	for j := len(a.parts) - 1; j >= 0; j-- {
		if a.parts[j].Type == llm.PartToolCall && a.bufs[j] != nil && a.wire[j] == wire {
			a.calls[wire] = j
			return
		}
	}
}

// reset discards everything (a retry or failover restarts the step).
func (a *accumulator) reset() {
	a.parts, a.bufs, a.wire, a.calls, a.open = nil, nil, nil, nil, -1
	a.ids = llm.CallIDs{}
}

// empty reports whether nothing has been received.
func (a *accumulator) empty() bool { return len(a.parts) == 0 }

// snapshot returns the current parts as an independent slice; calls still
// streaming carry their arguments so far. Texts share the builders'
// memory, which is never written again below their current length.
func (a *accumulator) snapshot() []llm.Part {
	out := make([]llm.Part, len(a.parts))
	copy(out, a.parts)
	for i, b := range a.bufs {
		if b == nil {
			continue
		}
		if out[i].Type == llm.PartToolCall {
			out[i].Input = b.String()
		} else {
			out[i].Text = b.String()
		}
	}
	return out
}

// final returns the finished parts. Calls whose end never came are closed
// with llm.ToolCallPart; when the stream was cut short (complete false)
// they are also marked as incomplete, so they are answered, not run.
func (a *accumulator) final(complete bool) []llm.Part {
	out := a.snapshot()
	for i := range out {
		if out[i].Type != llm.PartToolCall || a.bufs[i] == nil {
			continue
		}
		p := llm.ToolCallPart(out[i].ToolCallID, out[i].ToolName, out[i].Input)
		if !complete && p.InputError == "" {
			p.InputError = "the response was interrupted before the call was complete"
		}
		out[i] = p
	}
	return out
}
