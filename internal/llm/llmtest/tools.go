package llmtest

import (
	"bytes"
	"errors"
	"strconv"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

func (s suite) toolCall(t *testing.T, fixture Response) {
	srv := NewServer(t, fixture)
	r := s.collect(t, s.provider(t, srv), SimpleRequest(s.h.Model, "Weather in Paris?"))
	mustFinish(t, r, llm.FinishToolUse)
	calls := r.ToolCalls()
	if len(calls) != 1 {
		t.Fatalf("%d tool calls, want 1\nevents: %s", len(calls), dump(r.Events))
	}
	checkCall(t, calls[0], ToolName, ToolArgs)
}

func (s suite) parallel(t *testing.T) {
	srv := NewServer(t, s.h.ParallelToolCalls)
	r := s.collect(t, s.provider(t, srv), SimpleRequest(s.h.Model, "Weather and time in Paris?"))
	mustFinish(t, r, llm.FinishToolUse)
	calls := r.ToolCalls()
	if len(calls) != 2 {
		t.Fatalf("%d tool calls, want 2\nevents: %s", len(calls), dump(r.Events))
	}
	checkCall(t, calls[0], ToolName, ToolArgs)
	checkCall(t, calls[1], SecondToolName, SecondToolArgs)
	if calls[0].ToolCallID == calls[1].ToolCallID {
		t.Errorf("both calls have id %q", calls[0].ToolCallID)
	}
}

func checkCall(t *testing.T, p llm.Part, name, args string) {
	t.Helper()
	if p.ToolName != name {
		t.Errorf("tool name %q, want %q", p.ToolName, name)
	}
	if p.InputError != "" {
		t.Errorf("tool call %s has input error %q", name, p.InputError)
	}
	if !JSONEqual(p.Input, args) {
		t.Errorf("tool call %s input %s, want %s", name, p.Input, args)
	}
}

// malformed checks a call with broken arguments arrives as a part with
// InputError, and that a history holding it still encodes to a valid
// request that does not carry the broken text as arguments.
func (s suite) malformed(t *testing.T) {
	if s.h.MalformedAsError != "" {
		s.malformedAsError(t)
		return
	}
	srv := NewServer(t, s.h.MalformedToolCall, s.h.Text)
	p := s.provider(t, srv)
	req := SimpleRequest(s.h.Model, "Weather in Paris?")
	r := s.collect(t, p, req)
	if r.Err != nil {
		t.Fatalf("a malformed tool call must not be an error: %v", r.Err)
	}
	if err := Validate(r.Events, true); err != nil {
		t.Fatalf("malformed stream: %v\nevents: %s", err, dump(r.Events))
	}
	calls := r.ToolCalls()
	if len(calls) != 1 {
		t.Fatalf("%d tool calls, want 1\nevents: %s", len(calls), dump(r.Events))
	}
	c := calls[0]
	if c.ToolName != ToolName || c.InputError == "" || c.Input != MalformedArgs {
		t.Fatalf("tool call %+v: want %s with Input %q kept and InputError set", c, ToolName, MalformedArgs)
	}
	next := *req
	next.Messages = append(req.Messages, r.Message(), llm.Message{Role: llm.RoleTool, Parts: []llm.Part{
		llm.ToolResult(c.ToolCallID, c.ToolName, "error: "+c.InputError, true),
	}})
	mustFinish(t, s.collect(t, p, &next), llm.FinishStop)
	body := onlyBody(t, srv)
	quoted := strconv.Quote(MalformedArgs)
	if bytes.Contains(body, []byte(MalformedArgs)) || bytes.Contains(body, []byte(quoted[1:len(quoted)-1])) {
		t.Errorf("the follow-up request sends the malformed arguments back:\n%s", body)
	}
}

// malformedAsError checks a provider that reports a malformed call as a
// failure does so with the declared kind and without a half-made call.
func (s suite) malformedAsError(t *testing.T) {
	srv := NewServer(t, s.h.MalformedToolCall)
	r := s.collect(t, s.provider(t, srv), SimpleRequest(s.h.Model, "Weather in Paris?"))
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != s.h.MalformedAsError {
		t.Fatalf("error %v, want an *llm.Error of kind %q", r.Err, s.h.MalformedAsError)
	}
	if err := Validate(r.Events, false); err != nil {
		t.Errorf("malformed stream: %v", err)
	}
	if n := r.Count(llm.EventToolCallEnd); n != 0 {
		t.Errorf("%d tool calls yielded for a malformed call", n)
	}
}
