package openai

import (
	"net/http"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func collect(t *testing.T, resp llmtest.Response, req *llm.Request) (llmtest.Result, *llmtest.Server) {
	t.Helper()
	srv := llmtest.NewServer(t, resp)
	p := New(Options{Name: "t", BaseURL: srv.URL, APIKey: "sk-secret", Headers: map[string]string{"OpenAI-Organization": "org"}, HTTPClient: http.DefaultClient})
	r := llmtest.Collect(t.Context(), p, req)
	if r.Err == nil {
		if err := llmtest.Validate(r.Events, true); err != nil {
			t.Fatalf("malformed stream: %v", err)
		}
	}
	return r, srv
}

func TestIncomplete(t *testing.T) {
	t.Parallel()
	for reason, want := range map[string]llm.FinishReason{"max_output_tokens": llm.FinishMaxTokens, "content_filter": llm.FinishContentFilter} {
		resp := stream([]string{created()}, textDeltas("m", "cut"),
			[]string{completed("incomplete", 5, 0, 3, `,"incomplete_details":{"reason":`+quote(reason)+`}`)})
		r, _ := collect(t, resp, llmtest.SimpleRequest("m", "hi"))
		if r.Err != nil || r.Finish() != want {
			t.Errorf("%s: err %v finish %q", reason, r.Err, r.Finish())
		}
	}
}

func TestSummaryPartsAreSeparated(t *testing.T) {
	t.Parallel()
	delta := func(i, s string) string {
		return sse("response.reasoning_summary_text.delta", `"item_id":"rs_9","summary_index":`+i+`,"delta":`+quote(s))
	}
	resp := stream([]string{created(),
		sse("response.output_item.added", `"item":{"id":"rs_9","type":"reasoning","summary":[]}`),
		delta("0", "First."), delta("1", "Second."),
		sse("response.output_item.done", `"item":{"id":"rs_9","type":"reasoning","encrypted_content":"e","summary":[]}`),
		sse("response.refusal.delta", `"item_id":"m","delta":"I can't."`),
		completed("completed", 1, 0, 1, "")})
	r, _ := collect(t, resp, llmtest.SimpleRequest("m", "hi"))
	if r.Reasoning() != "First.\n\nSecond." || r.ReasoningParts()[0].Text != "First.\n\nSecond." || r.Text() != "I can't." {
		t.Errorf("reasoning %q, text %q", r.Reasoning(), r.Text())
	}
}

func TestReasoningWithoutSummaryDeltas(t *testing.T) {
	t.Parallel()
	resp := stream([]string{created(),
		sse("response.output_item.done", `"item":{"id":"rs_2","type":"reasoning","encrypted_content":"enc","summary":[{"type":"summary_text","text":"S"}]}`),
		completed("completed", 1, 0, 1, "")})
	r, _ := collect(t, resp, llmtest.SimpleRequest("m", "hi"))
	parts := r.ReasoningParts()
	if len(parts) != 1 || parts[0].Text != "S" || parts[0].Encrypted != "enc" {
		t.Errorf("parts %+v", parts)
	}
}

func TestOnlyEncryptedOwnReasoningIsEchoed(t *testing.T) {
	t.Parallel()
	req := llmtest.SimpleRequest("m", "hi")
	req.Messages = append(req.Messages, llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartReasoning, Text: "a", ReasoningID: "rs_a", Provider: "anthropic", Encrypted: "x"},
		{Type: llm.PartReasoning, Text: "b", ReasoningID: "rs_b", Provider: ProviderType},
		{Type: llm.PartReasoning, Text: "c", ReasoningID: "rs_c", Provider: ProviderType, Encrypted: "y"},
		llm.Text("done"),
	}}, llmtest.User("more"))
	_, srv := collect(t, fixtureText(), req)
	b := decodeBody(t, srv.Requests()[0].Body)
	if got := kinds(b.Input); got != "user reasoning assistant user " || b.Input[1].ID != "rs_c" {
		t.Errorf("input %q, reasoning %q", got, b.Input[1].ID)
	}
}

func TestToolOutputImagesAndOptions(t *testing.T) {
	t.Parallel()
	req := llmtest.SimpleRequest("m", "hi")
	req.ProviderOptions = map[string]any{"service_tier": "flex"}
	req.Headers = map[string]string{"X-Call": "1"}
	req.Messages = append(req.Messages,
		llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.ToolCallPart("c1", "view", `{"file_path":"a.png"}`), llm.ToolCallPart("c2", "broken", `{"x":`)}},
		llm.Message{Role: llm.RoleTool, Parts: []llm.Part{
			{Type: llm.PartToolResult, ToolCallID: "c1", ToolName: "view", Text: "an image", MediaType: "image/png", Data: llmtest.PNG},
			llm.ToolResult("c2", "broken", "bad arguments", true),
			{Type: llm.PartImage, MediaType: "image/jpeg", Data: []byte("second"), ToolCallID: "c1"},
		}})
	_, srv := collect(t, fixtureText(), req)
	got := srv.Requests()[0]
	b := decodeBody(t, got.Body)
	if k := kinds(b.Input); k != "user function_call function_call function_call_output function_call_output " {
		t.Fatalf("input %q", k)
	}
	if b.Input[2].Arguments != "{}" {
		t.Errorf("malformed arguments sent as %q", b.Input[2].Arguments)
	}
	if out := string(b.Input[3].Output); strings.Count(out, "input_image") != 2 || !strings.Contains(out, llmtest.PNGBase64()) ||
		!strings.Contains(out, "data:image/jpeg;base64,c2Vjb25k") {
		t.Errorf("c1 output %s", out)
	}
	if out := string(b.Input[4].Output); out != `"bad arguments"` {
		t.Errorf("c2 output %s", out)
	}
	if !strings.Contains(string(got.Body), `"service_tier":"flex"`) {
		t.Errorf("provider option missing: %s", got.Body)
	}
	if got.Path != "/responses" || got.Header.Get("Authorization") != "Bearer sk-secret" ||
		got.Header.Get("OpenAI-Organization") != "org" || got.Header.Get("X-Call") != "1" {
		t.Errorf("request %s headers %v", got, got.Header)
	}
}
