package agent

import "github.com/honecode/hone/internal/llm"

// accumulator assembles the parts of an assistant message from stream
// events. Growing text (text, reasoning, tool-call arguments) is kept in
// byte buffers and turned into strings only by snapshot, so a long answer
// costs linear time.
type accumulator struct {
	parts []llm.Part
	bufs  [][]byte       // open buffer per part; nil once the part is final
	calls map[string]int // tool call id → part index, while the call streams
	open  int            // index of the open text or reasoning part, or -1
}

func newAccumulator() *accumulator {
	return &accumulator{open: -1}
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
			a.startCall(ev.ToolCallID, ev.ToolName)
			i = len(a.parts) - 1
		}
		a.bufs[i] = append(a.bufs[i], ev.Text...)
	case llm.EventToolCallEnd:
		a.endCall(ev)
	default:
		return false
	}
	return true
}

func (a *accumulator) appendText(typ llm.PartType, s string) bool {
	if s == "" {
		return false
	}
	if a.open >= 0 && a.parts[a.open].Type == typ {
		a.bufs[a.open] = append(a.bufs[a.open], s...)
		return true
	}
	a.parts = append(a.parts, llm.Part{Type: typ})
	a.bufs = append(a.bufs, []byte(s))
	a.open = len(a.parts) - 1
	return true
}

func (a *accumulator) endReasoning(p *llm.Part) {
	i := a.open
	if i < 0 || a.parts[i].Type != llm.PartReasoning {
		if p == nil {
			return
		}
		a.parts = append(a.parts, *p)
		a.bufs = append(a.bufs, nil)
		return
	}
	text := string(a.bufs[i])
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

func (a *accumulator) startCall(id, name string) {
	a.open = -1
	if a.calls == nil {
		a.calls = make(map[string]int)
	}
	a.parts = append(a.parts, llm.Part{Type: llm.PartToolCall, ToolCallID: id, ToolName: name})
	a.bufs = append(a.bufs, []byte{})
	a.calls[id] = len(a.parts) - 1
}

// callIndex finds a streaming call by id, or the last streaming call when
// the adapter sent no id with the delta.
func (a *accumulator) callIndex(id string) (int, bool) {
	if i, ok := a.calls[id]; ok {
		return i, true
	}
	if id != "" {
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
	i, ok := a.callIndex(ev.ToolCallID)
	if !ok && ev.Part.ToolCallID != "" {
		i, ok = a.callIndex(ev.Part.ToolCallID)
	}
	if !ok {
		a.parts = append(a.parts, *ev.Part)
		a.bufs = append(a.bufs, nil)
		return
	}
	a.parts[i] = *ev.Part
	a.bufs[i] = nil
	delete(a.calls, a.parts[i].ToolCallID)
	delete(a.calls, ev.ToolCallID)
}

// reset discards everything (a retry or failover restarts the step).
func (a *accumulator) reset() {
	a.parts, a.bufs, a.calls, a.open = nil, nil, nil, -1
}

// empty reports whether nothing has been received.
func (a *accumulator) empty() bool { return len(a.parts) == 0 }

// snapshot returns the current parts as an independent slice; calls still
// streaming carry their arguments so far.
func (a *accumulator) snapshot() []llm.Part {
	out := make([]llm.Part, len(a.parts))
	copy(out, a.parts)
	for i, b := range a.bufs {
		if b == nil {
			continue
		}
		if out[i].Type == llm.PartToolCall {
			out[i].Input = string(b)
		} else {
			out[i].Text = string(b)
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
