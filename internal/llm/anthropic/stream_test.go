package anthropic

import (
	"errors"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestStreamThinkingAndTools(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("claude-sonnet-4-5", "List files."), fixture(t, "thinking_tools"))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if err := llmtest.Validate(r.Events, true); err != nil {
		t.Fatal(err)
	}
	if r.Finish() != llm.FinishToolUse {
		t.Errorf("finish %q", r.Finish())
	}
	parts := r.ReasoningParts()
	if len(parts) != 2 {
		t.Fatalf("%d reasoning parts, want 2", len(parts))
	}
	want := llm.Part{Type: llm.PartReasoning, Text: "I should list the files first.", Signature: "EqoBCkgIARABGAIiQHoneSigPart1HoneSigPart2==", Provider: "anthropic"}
	if parts[0].Text != want.Text || parts[0].Signature != want.Signature || parts[0].Provider != want.Provider {
		t.Errorf("thinking part %+v, want %+v", parts[0], want)
	}
	if p := parts[1]; p.Encrypted == "" || p.Text != "" || p.Provider != "anthropic" {
		t.Errorf("redacted part %+v", p)
	}
	calls := r.ToolCalls()
	if len(calls) != 2 {
		t.Fatalf("%d calls, want 2", len(calls))
	}
	if calls[0].ToolCallID != "toolu_01HoneLs000000000000001" || calls[0].Input != `{"path": "."}` {
		t.Errorf("first call %+v", calls[0])
	}
	if calls[1].ToolName != "todos_read" || calls[1].Input != "{}" || calls[1].InputError != "" {
		t.Errorf("call without argument deltas %+v, want input {}", calls[1])
	}
	u, _ := r.Usage()
	if want := (llm.Usage{Input: 900, Output: 130, CacheRead: 4000}); u != want {
		t.Errorf("usage %+v, want %+v", u, want)
	}
}

func TestStreamIgnoresServerTools(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("claude-sonnet-4-5", "News?"), fixture(t, "server_tool"))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if n := r.Count(llm.EventToolCallStart); n != 0 {
		t.Errorf("%d tool calls from a server tool", n)
	}
	if r.Text() != "Go 1.26 is out." {
		t.Errorf("text %q (text in content_block_start must count)", r.Text())
	}
	if r.Finish() != llm.FinishContentFilter {
		t.Errorf("finish %q, want content_filter for a refusal", r.Finish())
	}
}

func TestStreamTruncated(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("claude-sonnet-4-5", "Hi"), fixture(t, "stall"))
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != llm.KindServer || e.Provider != "test-anthropic" {
		t.Fatalf("error %v, want a server error from test-anthropic", r.Err)
	}
	if r.Text() != "Hello, world!" || r.Finish() != "" {
		t.Errorf("text %q finish %q", r.Text(), r.Finish())
	}
}

func TestStreamMidStreamErrorKeepsMessage(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("claude-sonnet-4-5", "Hi"), fixture(t, "overloaded_midstream"))
	var e *llm.Error
	if !errors.As(r.Err, &e) {
		t.Fatalf("error %v", r.Err)
	}
	if e.Kind != llm.KindOverloaded || e.Message != "Overloaded" || e.Status != 0 {
		t.Errorf("error %+v", e)
	}
	if !e.Kind.Retryable() {
		t.Error("overloaded must be retryable")
	}
}

func TestFinishReasons(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]llm.FinishReason{
		"end_turn": llm.FinishStop, "stop_sequence": llm.FinishStop, "pause_turn": llm.FinishStop,
		"tool_use": llm.FinishToolUse, "max_tokens": llm.FinishMaxTokens,
		"model_context_window_exceeded": llm.FinishMaxTokens, "refusal": llm.FinishContentFilter,
	} {
		if got := finishReason(anthropic.StopReason(in)); got != want {
			t.Errorf("%s → %q, want %q", in, got, want)
		}
	}
}
