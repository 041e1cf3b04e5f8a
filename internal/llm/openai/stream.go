package openai

import (
	"encoding/json"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// streamState turns Responses events into llm events for one response.
type streamState struct {
	provider  string
	yield     func(llm.Event, error) bool
	stopped   bool
	reasoning map[string]*reasoningState // by item id
	calls     map[string]*call           // by item id
	order     []string                   // item ids of calls, in start order
	hasCalls  bool
	ids       llm.CallIDs
}

type reasoningState struct {
	text    strings.Builder
	summary int // summary_index of the last delta
}

type call struct {
	id, name string
	args     strings.Builder
	deltas   bool
	ended    bool
}

func newStreamState(provider string, yield func(llm.Event, error) bool) *streamState {
	return &streamState{provider: provider, yield: yield, reasoning: map[string]*reasoningState{}, calls: map[string]*call{}}
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

// frame handles one SSE data payload; false means stop reading.
func (s *streamState) frame(data []byte) bool {
	ev, ok := textDelta(data)
	if !ok {
		ev = event{}
		if err := json.Unmarshal(data, &ev); err != nil {
			s.fail(&llm.Error{Kind: llm.KindUnknown, Provider: s.provider, Message: "malformed stream event", Err: err})
			return false
		}
	}
	switch ev.Type {
	case "response.output_text.delta", "response.refusal.delta":
		return ev.Delta == "" || s.emit(llm.Event{Type: llm.EventTextDelta, Text: ev.Delta})
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
		return s.reasoningDelta(&ev)
	case "response.output_item.added":
		return ev.Item == nil || s.itemAdded(ev.Item)
	case "response.function_call_arguments.delta":
		return s.argsDelta(&ev)
	case "response.output_item.done":
		return ev.Item == nil || s.itemDone(ev.Item)
	case "response.completed", "response.incomplete":
		s.complete(&ev)
		return false
	case "response.failed", "error":
		s.failed(&ev, data)
		return false
	}
	return !s.stopped
}

func (s *streamState) reasoningDelta(ev *event) bool {
	if ev.Delta == "" {
		return true
	}
	r := s.reasoning[ev.ItemID]
	if r == nil {
		r = &reasoningState{}
		s.reasoning[ev.ItemID] = r
	}
	if ev.SummaryIndex != r.summary && r.text.Len() > 0 {
		r.text.WriteString("\n\n")
		if !s.emit(llm.Event{Type: llm.EventReasoningDelta, Text: "\n\n"}) {
			return false
		}
	}
	r.summary = ev.SummaryIndex
	r.text.WriteString(ev.Delta)
	return s.emit(llm.Event{Type: llm.EventReasoningDelta, Text: ev.Delta})
}

func (s *streamState) itemAdded(it *item) bool {
	switch it.Type {
	case "reasoning":
		s.reasoning[it.ID] = &reasoningState{}
	case "function_call":
		return s.startCall(it) != nil
	}
	return true
}

// startCall announces a function call under its call_id, or a fresh id
// when that is missing or repeats one of this response; nil means the
// caller stopped.
func (s *streamState) startCall(it *item) *call {
	c := &call{id: s.ids.Use(it.CallID), name: it.Name}
	s.calls[it.ID] = c
	s.order = append(s.order, it.ID)
	s.hasCalls = true
	if !s.emit(llm.Event{Type: llm.EventToolCallStart, ToolCallID: c.id, ToolName: c.name}) {
		return nil
	}
	return c
}

func (s *streamState) argsDelta(ev *event) bool {
	c := s.calls[ev.ItemID]
	if c == nil || ev.Delta == "" {
		return true
	}
	c.deltas = true
	c.args.WriteString(ev.Delta)
	return s.emit(llm.Event{Type: llm.EventToolCallDelta, ToolCallID: c.id, Text: ev.Delta})
}

func (s *streamState) itemDone(it *item) bool {
	switch it.Type {
	case "reasoning":
		return s.endReasoning(it)
	case "function_call":
		c := s.calls[it.ID]
		if c == nil {
			if c = s.startCall(it); c == nil {
				return false
			}
		}
		if !c.deltas {
			c.args.WriteString(it.Arguments)
		}
		return s.endCall(c)
	case "web_search_call", "message":
		return s.webResults(it)
	}
	return true
}

func (s *streamState) endReasoning(it *item) bool {
	text := ""
	if r := s.reasoning[it.ID]; r != nil {
		text = r.text.String()
	}
	if text == "" {
		var parts []string
		for _, sm := range it.Summary {
			parts = append(parts, sm.Text)
		}
		text = strings.Join(parts, "\n\n")
	}
	delete(s.reasoning, it.ID)
	part := &llm.Part{Type: llm.PartReasoning, Text: text, Encrypted: it.EncryptedContent, ReasoningID: it.ID, Provider: ProviderType}
	return s.emit(llm.Event{Type: llm.EventReasoningEnd, Part: part})
}

func (s *streamState) endCall(c *call) bool {
	if c.ended {
		return true
	}
	c.ended = true
	part := llm.ToolCallPart(c.id, c.name, c.args.String())
	return s.emit(llm.Event{Type: llm.EventToolCallEnd, ToolCallID: c.id, ToolName: c.name, Part: &part})
}

// complete ends the response: calls still open are closed, then usage and
// the finish are yielded.
func (s *streamState) complete(ev *event) {
	for _, id := range s.order {
		if !s.endCall(s.calls[id]) {
			return
		}
	}
	r := ev.Response
	if r == nil {
		r = &response{}
	}
	if r.Usage != nil && !s.emit(llm.Event{Type: llm.EventUsage, Usage: r.Usage.toLLM()}) {
		return
	}
	reason := llm.FinishStop
	switch {
	case ev.Type == "response.incomplete":
		reason = incompleteReason(r)
	case s.hasCalls:
		reason = llm.FinishToolUse
	}
	s.emit(llm.Event{Type: llm.EventFinish, Reason: reason})
	s.stopped = true
}

// failed classifies a response.failed or error event.
func (s *streamState) failed(ev *event, data []byte) {
	body := data
	if ev.Type == "response.failed" {
		body = []byte(`{}`)
		if ev.Response != nil && len(ev.Response.Error) > 0 && string(ev.Response.Error) != "null" {
			body = append(append([]byte(`{"error":`), ev.Response.Error...), '}')
		}
	}
	e := llm.Classify(0, nil, body)
	if e.Kind == llm.KindUnknown {
		e.Kind = llm.KindServer
	}
	e.Provider = s.provider
	s.fail(e)
}
