package anthropic

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	llmtest.Run(t, llmtest.Harness{
		New: func(baseURL string, c *http.Client) llm.Provider {
			return newTestClient(baseURL, c)
		},
		Model:                "claude-sonnet-4-5",
		Text:                 fixture(t, "text"),
		Usage:                fixture(t, "usage"),
		WantUsage:            llm.Usage{Input: 12, Output: 57, CacheRead: 20480, CacheWrite: 1536},
		ToolCall:             fixture(t, "tool_call"),
		ParallelToolCalls:    fixture(t, "parallel_tool_calls"),
		Reasoning:            fixture(t, "thinking"),
		MalformedToolCall:    fixture(t, "malformed_tool_call"),
		DuplicateToolCallIDs: fixtureDuplicateIDs(t),
		LongText:             fixtureLongText(t),
		Stall:                fixture(t, "stall"),
		Errors:               errorCases(t),
		CheckRequest:         checkRichRequest,
		ReasoningEcho:        checkThinkingEcho,
	})
}

// errorCases are the API's documented error responses.
func errorCases(t *testing.T) []llmtest.ErrorCase {
	apiErr := func(typ, msg string) string {
		return `{"type":"error","error":{"type":"` + typ + `","message":"` + msg + `"},"request_id":"req_011CHoneTest"}`
	}
	return []llmtest.ErrorCase{
		{Kind: llm.KindRateLimit, Response: llmtest.JSONError(429,
			apiErr("rate_limit_error", "This request would exceed the rate limit for your organization of 50 requests per minute."),
			"retry-after", "7", "request-id", "req_011CHoneTest")},
		{Kind: llm.KindOverloaded, Response: llmtest.JSONError(529, apiErr("overloaded_error", "Overloaded"))},
		{Name: "overloaded_midstream", Kind: llm.KindOverloaded, Response: fixture(t, "overloaded_midstream")},
		{Kind: llm.KindServer, Response: llmtest.JSONError(500, apiErr("api_error", "Internal server error"))},
		{Kind: llm.KindAuth, Response: llmtest.JSONError(401, apiErr("authentication_error", "invalid x-api-key"))},
		{Name: "gateway_401_api_error", Kind: llm.KindAuth, Response: llmtest.JSONError(401, apiErr("api_error", "Internal server error"))},
		{Name: "permission", Kind: llm.KindAuth, Response: llmtest.JSONError(403,
			apiErr("permission_error", "Your API key does not have permission to use the specified resource."))},
		{Kind: llm.KindBilling, Response: llmtest.JSONError(400, apiErr("invalid_request_error",
			"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."))},
		{Kind: llm.KindContextOverflow, Response: llmtest.JSONError(400, apiErr("invalid_request_error",
			"prompt is too long: 208514 tokens > 200000 maximum"))},
		{Name: "request_too_large", Kind: llm.KindContextOverflow, Response: llmtest.JSONError(413,
			apiErr("request_too_large", "Request exceeds the maximum allowed number of bytes."))},
		{Kind: llm.KindBadRequest, Response: llmtest.JSONError(400, apiErr("invalid_request_error",
			"messages: roles must alternate between \"user\" and \"assistant\", but found multiple \"user\" roles in a row"))},
		{Name: "not_found", Kind: llm.KindBadRequest, Response: llmtest.JSONError(404, apiErr("not_found_error", "model: claude-nonexistent"))},
	}
}

// wireRequest is the part of a Messages API request body the tests read.
type wireRequest struct {
	Model       string          `json:"model"`
	MaxTokens   int             `json:"max_tokens"`
	Stream      bool            `json:"stream"`
	Temperature *float64        `json:"temperature"`
	TopP        *float64        `json:"top_p"`
	TopK        *int            `json:"top_k"`
	Thinking    json.RawMessage `json:"thinking"`
	System      []wireBlock     `json:"system"`
	Tools       []struct {
		Name         string          `json:"name"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"input_schema"`
		CacheControl *wireCache      `json:"cache_control"`
	} `json:"tools"`
	Messages []struct {
		Role    string      `json:"role"`
		Content []wireBlock `json:"content"`
	} `json:"messages"`
	OutputConfig struct {
		Effort string `json:"effort"`
	} `json:"output_config"`
}

type wireCache struct {
	Type string `json:"type"`
}

type wireBlock struct {
	Type         string          `json:"type"`
	Text         string          `json:"text"`
	Thinking     string          `json:"thinking"`
	Signature    string          `json:"signature"`
	Data         string          `json:"data"`
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Input        json.RawMessage `json:"input"`
	ToolUseID    string          `json:"tool_use_id"`
	IsError      bool            `json:"is_error"`
	Content      []wireBlock     `json:"content"`
	CacheControl *wireCache      `json:"cache_control"`
	Source       *struct {
		Type      string `json:"type"`
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	} `json:"source"`
}

func decodeRequest(t *testing.T, body []byte) wireRequest {
	t.Helper()
	var w wireRequest
	if err := json.Unmarshal(body, &w); err != nil {
		t.Fatalf("decode request: %v\n%s", err, body)
	}
	return w
}

// checkRichRequest asserts the encoding of llmtest.RichRequest.
func checkRichRequest(t *testing.T, body []byte) {
	w := decodeRequest(t, body)
	if !w.Stream || w.MaxTokens != 1024 || w.Temperature == nil || *w.Temperature != 0.5 {
		t.Errorf("stream %v, max_tokens %d, temperature %v", w.Stream, w.MaxTokens, w.Temperature)
	}
	if len(w.System) != 2 || w.System[0].Text != llmtest.RichSystem || w.System[0].CacheControl != nil ||
		w.System[1].CacheControl == nil || w.System[1].CacheControl.Type != "ephemeral" {
		t.Errorf("system blocks %+v: want two, cache_control on the last only", w.System)
	}
	if len(w.Tools) != 2 || w.Tools[0].Name != llmtest.ToolName || !llmtest.JSONEqual(string(w.Tools[0].InputSchema), string(llmtest.Tools()[0].Schema)) {
		t.Errorf("tools %+v", w.Tools)
	}
	// The tool result and the next user text merge into one user turn.
	if len(w.Messages) != 3 {
		t.Fatalf("%d messages, want 3: %+v", len(w.Messages), w.Messages)
	}
	user, asst, result := w.Messages[0], w.Messages[1], w.Messages[2]
	if img := user.Content[1]; img.Type != "image" || img.Source == nil || img.Source.Type != "base64" ||
		img.Source.MediaType != "image/png" || img.Source.Data != llmtest.PNGBase64() {
		t.Errorf("image block %+v", img)
	}
	if tu := asst.Content[1]; tu.Type != "tool_use" || tu.ID != llmtest.RichCallID || !llmtest.JSONEqual(string(tu.Input), llmtest.ToolArgs) {
		t.Errorf("tool_use block %+v", tu)
	}
	if result.Role != "user" || result.Content[0].Type != "tool_result" || result.Content[0].ToolUseID != llmtest.RichCallID ||
		result.Content[0].Content[0].Text != llmtest.RichToolResult || result.Content[1].Text != "Thanks! Anything else?" {
		t.Errorf("tool result message %+v", result)
	}
	for i, m := range w.Messages {
		last := m.Content[len(m.Content)-1]
		wantCache := i >= len(w.Messages)-2
		if (last.CacheControl != nil) != wantCache {
			t.Errorf("message %d cache_control %v, want %v", i, last.CacheControl, wantCache)
		}
	}
}

// checkThinkingEcho asserts the thinking block is sent back first in the
// assistant turn with its signature.
func checkThinkingEcho(t *testing.T, body []byte, reasoning llm.Part) {
	w := decodeRequest(t, body)
	if len(w.Messages) < 2 || w.Messages[1].Role != "assistant" {
		t.Fatalf("messages %+v", w.Messages)
	}
	b := w.Messages[1].Content[0]
	if b.Type != "thinking" || b.Thinking != llmtest.ReasoningText || b.Signature == "" || b.Signature != reasoning.Signature {
		t.Errorf("first assistant block %+v, want thinking with signature %q", b, reasoning.Signature)
	}
	if reasoning.Provider != providerType {
		t.Errorf("reasoning provider %q", reasoning.Provider)
	}
}
