package openaicompat

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// streamState turns chunks into llm events for one response.
type streamState struct {
	provider string
	yield    func(llm.Event, error) bool
	stopped  bool // the caller stopped, or the stream failed

	reasoning strings.Builder
	thinking  bool // reasoning deltas seen and not yet closed
	calls     []*toolCall
	byIndex   map[int]*toolCall
	ids       llm.CallIDs
	finish    string
	sawFinish bool
	usage     *llm.Usage
	// scratch is the chunk being handled; decodeFast reuses its memory.
	scratch chunk
	// repeat reads the chunks that differ from the last one only in their
	// text.
	repeat repeatChunk
}

// toolCall is one call being assembled from deltas. wire is the id the
// server sent; id, set when the call is announced, is that id unless it
// was missing or already used in this response (llm.CallIDs).
type toolCall struct {
	wire, id, name string
	args           strings.Builder
	started        bool
}

func newStreamState(provider string, yield func(llm.Event, error) bool) *streamState {
	return &streamState{provider: provider, yield: yield, byIndex: map[int]*toolCall{}}
}

func (s *streamState) emit(ev llm.Event) bool {
	if s.stopped {
		return false
	}
	if !s.yield(ev, nil) {
		s.stopped = true
	}
	return !s.stopped
}

func (s *streamState) fail(e *llm.Error) {
	if !s.stopped {
		s.stopped = true
		s.yield(llm.Event{}, e)
	}
}

// frame handles one SSE event (its type and data, which is only valid
// during the call); false means stop reading.
func (s *streamState) frame(typ string, data []byte) bool {
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("[DONE]")) {
		s.end(true)
		return false
	}
	if typ == "error" {
		s.failWith(data)
		return false
	}
	c := &s.scratch
	if !s.repeat.decode(data, c) {
		var span contentSpan
		if decodeFast(data, c, &span) {
			s.repeat.keep(data, c, span)
		} else {
			s.repeat.ok = false
			if err := json.Unmarshal(data, c); err != nil {
				s.fail(&llm.Error{Kind: llm.KindUnknown, Provider: s.provider, Message: "malformed stream chunk", Err: err})
				return false
			}
		}
	}
	if c.Error != nil {
		s.failWith(data)
		return false
	}
	return s.chunk(c)
}

func (s *streamState) failWith(data []byte) {
	e := llm.Classify(0, nil, data)
	e.Provider = s.provider
	s.fail(e)
}

func (s *streamState) chunk(c *chunk) bool {
	if c.Usage != nil {
		u := c.Usage.toLLM()
		s.usage = &u
	} else if c.XGroq != nil && c.XGroq.Usage != nil {
		u := c.XGroq.Usage.toLLM()
		s.usage = &u
	}
	for i := range c.Choices {
		ch := &c.Choices[i]
		if ch.Index != 0 {
			continue
		}
		if !s.delta(&ch.Delta) {
			return false
		}
		if ch.FinishReason != "" {
			s.finish, s.sawFinish = ch.FinishReason, true
		}
	}
	return !s.stopped
}

func (s *streamState) delta(d *delta) bool {
	r := string(d.ReasoningContent)
	if r == "" {
		r = string(d.Reasoning) // servers that send both repeat the same text
	}
	if r != "" {
		s.thinking = true
		s.reasoning.WriteString(r)
		if !s.emit(llm.Event{Type: llm.EventReasoningDelta, Text: r}) {
			return false
		}
	}
	if d.Content != "" {
		if !s.closeReasoning() || !s.emit(llm.Event{Type: llm.EventTextDelta, Text: string(d.Content)}) {
			return false
		}
	}
	for i := range d.ToolCalls {
		if !s.closeReasoning() || !s.toolDelta(&d.ToolCalls[i]) {
			return false
		}
	}
	return true
}

// closeReasoning ends an open reasoning block with its part.
func (s *streamState) closeReasoning() bool {
	if !s.thinking {
		return true
	}
	s.thinking = false
	part := &llm.Part{Type: llm.PartReasoning, Text: s.reasoning.String(), Provider: ProviderType}
	s.reasoning.Reset()
	return s.emit(llm.Event{Type: llm.EventReasoningEnd, Part: part})
}

// toolDelta applies one tool_calls entry. Calls are keyed by index; an id
// different from the one already at that index starts a new call.
func (s *streamState) toolDelta(d *toolCallDelta) bool {
	idx := len(s.calls)
	if d.Index != nil {
		idx = *d.Index
	}
	tc := s.byIndex[idx]
	if tc == nil || (d.ID != "" && tc.wire != "" && d.ID != tc.wire) {
		tc = &toolCall{wire: d.ID}
		s.calls = append(s.calls, tc)
		s.byIndex[idx] = tc
	}
	if tc.wire == "" && !tc.started {
		tc.wire = d.ID
	}
	if tc.name == "" {
		tc.name = d.Function.Name
	}
	tc.args.WriteString(d.Function.Arguments)
	if tc.started {
		return d.Function.Arguments == "" || s.emit(llm.Event{Type: llm.EventToolCallDelta, ToolCallID: tc.id, Text: d.Function.Arguments})
	}
	if tc.name == "" {
		return true // wait for the name before announcing the call
	}
	tc.id = s.ids.Use(tc.wire)
	tc.started = true
	if !s.emit(llm.Event{Type: llm.EventToolCallStart, ToolCallID: tc.id, ToolName: tc.name}) {
		return false
	}
	return tc.args.Len() == 0 || s.emit(llm.Event{Type: llm.EventToolCallDelta, ToolCallID: tc.id, Text: tc.args.String()})
}

// end finishes a response whose stream ended without a transport error:
// done says "[DONE]" was read. A stream that ends with neither [DONE] nor a
// finish_reason was cut short and fails with KindServer. Otherwise open
// reasoning and tool calls are closed, then usage and the finish yielded.
func (s *streamState) end(done bool) {
	if s.stopped {
		return
	}
	if !done && !s.sawFinish {
		s.fail(&llm.Error{Kind: llm.KindServer, Provider: s.provider, Message: "the stream ended before the response finished"})
		return
	}
	if !s.closeReasoning() {
		return
	}
	started := false
	for _, tc := range s.calls {
		if !tc.started {
			continue
		}
		started = true
		part := llm.ToolCallPart(tc.id, tc.name, tc.args.String())
		if !s.emit(llm.Event{Type: llm.EventToolCallEnd, ToolCallID: tc.id, ToolName: tc.name, Part: &part}) {
			return
		}
	}
	if s.usage != nil && !s.emit(llm.Event{Type: llm.EventUsage, Usage: *s.usage}) {
		return
	}
	s.emit(llm.Event{Type: llm.EventFinish, Reason: finishReason(s.finish, started)})
	s.stopped = true
}
