package gemini

import (
	"errors"
	"strings"
	"testing"

	"google.golang.org/genai"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestStreamSynthesizesStableIDs(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("gemini-2.5-flash", "Weather and time?"), fixture(t, "parallel_tool_calls"))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	calls := r.ToolCalls()
	if len(calls) != 2 {
		t.Fatalf("%d calls", len(calls))
	}
	if calls[0].ToolCallID != "hone-gemini-call-hOnePar0AbCdEf-1" || calls[1].ToolCallID != "hone-gemini-call-hOnePar0AbCdEf-2" {
		t.Errorf("ids %q %q, want them made from the response id and position", calls[0].ToolCallID, calls[1].ToolCallID)
	}
	if calls[0].Signature == "" || calls[1].Signature != "" {
		t.Errorf("signatures %q %q: want the first call's only", calls[0].Signature, calls[1].Signature)
	}
	for _, ev := range r.Events {
		if ev.Type == llm.EventToolCallDelta && ev.Text != `{"city":"Paris","unit":"celsius"}` && ev.Text != `{"timezone":"Europe/Paris"}` {
			t.Errorf("argument delta %q", ev.Text)
		}
	}
}

func TestStreamRandomIDsWithoutResponseID(t *testing.T) {
	t.Parallel()
	body := "data: {\"candidates\": [{\"content\": {\"parts\": [{\"functionCall\": {\"name\": \"ls\",\"args\": {}}}],\"role\": \"model\"},\"finishReason\": \"STOP\"}]}\r\n\r\n"
	ids := map[string]bool{}
	for range 2 {
		r, _ := collect(t, llmtest.SimpleRequest("gemini-2.0-flash", "ls"), llmtest.Stream(body))
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		c := r.ToolCalls()[0]
		if !strings.HasPrefix(c.ToolCallID, synthPrefix) || c.Input != "{}" || r.Finish() != llm.FinishToolUse {
			t.Errorf("call %+v finish %q", c, r.Finish())
		}
		ids[c.ToolCallID] = true
	}
	if len(ids) != 2 {
		t.Errorf("two responses without ids got the same call id: %v", ids)
	}
}

func TestStreamKeepsAPIIDs(t *testing.T) {
	t.Parallel()
	body := "data: {\"candidates\": [{\"content\": {\"parts\": [{\"functionCall\": {\"id\": \"fc_abc\",\"name\": \"grep\",\"args\": {\"pattern\": \"<T>\"}}}],\"role\": \"model\"},\"finishReason\": \"STOP\"}],\"responseId\": \"r1\"}\r\n\r\n"
	r, _ := collect(t, llmtest.SimpleRequest("gemini-2.5-pro", "grep"), llmtest.Stream(body))
	c := r.ToolCalls()
	if r.Err != nil || len(c) != 1 || c[0].ToolCallID != "hone-gemini-id-fc_abc" || c[0].Input != `{"pattern":"<T>"}` {
		t.Fatalf("calls %+v err %v (want the API id and unescaped arguments)", c, r.Err)
	}
}

func TestStreamBlockedPrompt(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("gemini-2.5-flash", "…"), fixture(t, "blocked"))
	if r.Err != nil || r.Finish() != llm.FinishContentFilter {
		t.Fatalf("err %v finish %q, want content_filter", r.Err, r.Finish())
	}
	if u, _ := r.Usage(); u.Input != 20 {
		t.Errorf("usage %+v", u)
	}
}

func TestStreamTruncated(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("gemini-2.5-flash", "Hi"), fixture(t, "truncated"))
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != llm.KindServer || e.Provider != "test-gemini" {
		t.Fatalf("error %v, want a server error", r.Err)
	}
	if r.Text() != "Hello, world! Stream" || r.Finish() != "" {
		t.Errorf("text %q finish %q", r.Text(), r.Finish())
	}
}

func TestStreamMalformedFunctionCall(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("gemini-2.5-flash", "Weather?"), fixture(t, "malformed_function_call"))
	var e *llm.Error
	if !errors.As(r.Err, &e) || !e.Kind.Retryable() || !strings.Contains(e.Message, "malformed function call") {
		t.Fatalf("error %v, want a retryable malformed-call error", r.Err)
	}
	if err := llmtest.Validate(r.Events, false); err != nil {
		t.Error(err)
	}
}

func TestStreamMidStreamError(t *testing.T) {
	t.Parallel()
	r, _ := collect(t, llmtest.SimpleRequest("gemini-2.5-flash", "Hi"), fixture(t, "error_midstream"))
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != llm.KindOverloaded || e.Status != 0 || !strings.Contains(e.Message, "overloaded") {
		t.Fatalf("error %+v", r.Err)
	}
	if r.Text() != "Hel" {
		t.Errorf("text %q", r.Text())
	}
}

func TestStreamThoughtSignatureOnThought(t *testing.T) {
	t.Parallel()
	body := "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Plan: list.\",\"thought\": true}],\"role\": \"model\"}}],\"responseId\": \"r2\"}\r\n\r\n" +
		"data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \" Then read.\",\"thought\": true,\"thoughtSignature\": \"c2lnLTE=\"}],\"role\": \"model\"}}],\"responseId\": \"r2\"}\r\n\r\n" +
		"data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Done.\"}],\"role\": \"model\"},\"finishReason\": \"STOP\"}],\"usageMetadata\": {\"promptTokenCount\": 5,\"candidatesTokenCount\": 2,\"thoughtsTokenCount\": 9},\"responseId\": \"r2\"}\r\n\r\n"
	r, _ := collect(t, llmtest.SimpleRequest("gemini-2.5-pro", "Go"), llmtest.Stream(body))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	parts := r.ReasoningParts()
	if len(parts) != 1 || parts[0].Text != "Plan: list. Then read." || parts[0].Signature != "c2lnLTE=" || parts[0].Provider != "gemini" {
		t.Errorf("reasoning parts %+v", parts)
	}
	if u, _ := r.Usage(); u != (llm.Usage{Input: 5, Output: 11}) {
		t.Errorf("usage %+v: thoughts count as output", u)
	}
}

func TestFinishReasons(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]llm.FinishReason{
		"STOP": llm.FinishStop, "MAX_TOKENS": llm.FinishMaxTokens, "SAFETY": llm.FinishContentFilter,
		"RECITATION": llm.FinishContentFilter, "PROHIBITED_CONTENT": llm.FinishContentFilter,
		"UNEXPECTED_TOOL_CALL": llm.FinishError, "OTHER": llm.FinishStop, "FINISH_REASON_UNSPECIFIED": llm.FinishStop,
	} {
		d := decoder{reason: genaiReason(in)}
		if got := d.finishReason(); got != want {
			t.Errorf("%s → %q, want %q", in, got, want)
		}
	}
}

func genaiReason(s string) genai.FinishReason { return genai.FinishReason(s) }
