package llmtest

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// reasoning checks reasoning deltas and the finished reasoning part, then
// sends the conversation back and hands the body to Harness.ReasoningEcho.
func (s suite) reasoning(t *testing.T) {
	srv := NewServer(t, s.h.Reasoning, s.h.Text)
	p := s.provider(t, srv)
	req := SimpleRequest(s.h.Model, "What is 2+2?")
	req.ReasoningEffort = "high"
	r := s.collect(t, p, req)
	mustFinish(t, r, llm.FinishStop)
	if got := r.Reasoning(); got != ReasoningText {
		t.Errorf("reasoning %q, want %q", got, ReasoningText)
	}
	if got := r.Text(); got != ReasoningAnswer {
		t.Errorf("text %q, want %q", got, ReasoningAnswer)
	}
	parts := r.ReasoningParts()
	if len(parts) == 0 {
		t.Fatalf("no reasoning_end event\nevents: %s", dump(r.Events))
	}
	checkReasoningOrder(t, r)
	part := parts[0]
	if part.Provider == "" {
		t.Error("reasoning part has no Provider")
	}
	var text string
	for _, p := range parts {
		text += p.Text
	}
	if text != ReasoningText {
		t.Errorf("reasoning parts hold %q, want %q", text, ReasoningText)
	}
	next := *req
	next.Messages = append(req.Messages, r.Message(), User("And 3+3?"))
	mustFinish(t, s.collect(t, p, &next), llm.FinishStop)
	body := onlyBody(t, srv)
	if s.h.ReasoningEcho != nil {
		s.h.ReasoningEcho(t, body, part)
	}
}

// checkReasoningOrder: every reasoning delta comes before the
// reasoning_end of its block, and the first reasoning_end comes before
// the answer's first text delta.
func checkReasoningOrder(t *testing.T, r Result) {
	t.Helper()
	ended := false
	for i, ev := range r.Events {
		switch ev.Type {
		case llm.EventReasoningEnd:
			ended = true
		case llm.EventTextDelta:
			if !ended {
				t.Errorf("event %d: text before reasoning_end\nevents: %s", i, dump(r.Events))
				return
			}
		}
	}
}
