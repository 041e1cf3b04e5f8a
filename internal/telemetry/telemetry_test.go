package telemetry_test

import (
	"context"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/telemetry"
)

// TestSpansReachTheReceiver: a turn with a step, a tool call whose
// sub-agent runs a step of its own, exported and decoded by an
// in-process OTLP/HTTP receiver; content stays out by default.
func TestSpansReachTheReceiver(t *testing.T) {
	t.Parallel()
	r := newReceiver(t)
	e, err := telemetry.New(t.Context(), telemetry.Config{Endpoint: r.srv.URL, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	call := llm.Part{Type: llm.PartToolCall, ToolCallID: "c1", ToolName: "agent", Input: `{"prompt":"secret plan"}`}
	res := llm.ToolResult("c1", "agent", "found it", false)
	for _, ev := range []agent.Event{
		{Type: agent.EventTurnStarted, SessionID: "p"},
		{Type: agent.EventStepFinished, SessionID: "p", Step: &session.Turn{Provider: "w", Model: "big", InputTokens: 100, OutputTokens: 7, Cost: 0.01, LatencyMS: 40,
			Switch: &session.ModelSwitch{Reason: "tool_calls", From: "w/fast", To: "w/big"}}},
		{Type: agent.EventToolStarted, SessionID: "p", Call: &call},
		{Type: agent.EventTurnStarted, SessionID: "c", ParentSessionID: "p", ParentCallID: "c1"},
		{Type: agent.EventStepFinished, SessionID: "c", Step: &session.Turn{Provider: "w", Model: "big", InputTokens: 50, OutputTokens: 3}},
		{Type: agent.EventTurnFinished, SessionID: "c", Result: &agent.Result{Reason: agent.ExitDone, Steps: 1}},
		{Type: agent.EventToolFinished, SessionID: "p", Call: &call, ResultPart: &res},
		{Type: agent.EventTurnFinished, SessionID: "p", Result: &agent.Result{Reason: agent.ExitDone, Steps: 1}},
	} {
		e.Handle(ev)
	}
	if err := e.Shutdown(context.WithoutCancel(t.Context())); err != nil {
		t.Fatal(err)
	}
	spans, metrics := r.received()
	byName := map[string][]int{}
	for i, s := range spans {
		byName[s.Name] = append(byName[s.Name], i)
	}
	if len(byName["turn"]) != 1 || len(byName["subagent"]) != 1 || len(byName["tool agent"]) != 1 || len(byName["step"]) != 2 {
		t.Fatalf("spans %v", byName)
	}
	turn, sub, tool := spans[byName["turn"][0]], spans[byName["subagent"][0]], spans[byName["tool agent"][0]]
	if string(tool.ParentSpanId) != string(turn.SpanId) || string(sub.ParentSpanId) != string(tool.SpanId) {
		t.Errorf("tree: tool's parent %x (turn %x), sub-agent's parent %x (tool %x)", tool.ParentSpanId, turn.SpanId, sub.ParentSpanId, tool.SpanId)
	}
	var big *spanRef
	for _, i := range byName["step"] {
		if attr(spans[i], "gen_ai.usage.input_tokens") == "100" {
			big = &spanRef{i}
		}
	}
	if big == nil || attr(spans[big.i], "gen_ai.request.model") != "big" || attr(spans[big.i], "hone.model_switch.reason") != "tool_calls" ||
		string(spans[big.i].ParentSpanId) != string(turn.SpanId) {
		t.Errorf("step span attributes wrong: %v", spans)
	}
	if attr(tool, "hone.tool.input") != "" || attr(tool, "hone.tool.outcome") != "ok" {
		t.Errorf("tool span: input %q (content exported), outcome %q", attr(tool, "hone.tool.input"), attr(tool, "hone.tool.outcome"))
	}
	if metrics == 0 {
		t.Error("no metrics exported")
	}
}

type spanRef struct{ i int }
