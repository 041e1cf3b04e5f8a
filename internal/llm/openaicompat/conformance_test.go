package openaicompat

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func harness() llmtest.Harness {
	return llmtest.Harness{
		New: func(baseURL string, c *http.Client) llm.Provider {
			return New(Options{Name: "compat-test", BaseURL: baseURL + "/v1", APIKey: "test-key", HTTPClient: c})
		},
		Text:                 fixtureText(),
		Usage:                fixtureUsage(),
		WantUsage:            llm.Usage{Input: 200, Output: 30, CacheRead: 1000},
		ToolCall:             fixtureToolCall(),
		ParallelToolCalls:    fixtureParallel(),
		Reasoning:            fixtureReasoning(),
		MalformedToolCall:    fixtureMalformed(),
		DuplicateToolCallIDs: fixtureDuplicateIDs(),
		LongText:             fixtureLongText(),
		Stall:                fixtureStall(),
		Errors:               fixtureErrors(),
		CheckRequest:         checkRichRequest,
		ReasoningEcho:        checkReasoningEcho,
	}
}

func TestConformance(t *testing.T) {
	t.Parallel()
	llmtest.Run(t, harness())
}

// body is the part of a Chat Completions request the tests inspect.
type body struct {
	Model         string `json:"model"`
	Stream        bool   `json:"stream"`
	StreamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	MaxTokens       int      `json:"max_tokens"`
	Temperature     *float64 `json:"temperature"`
	ReasoningEffort string   `json:"reasoning_effort"`
	Messages        []struct {
		Role             string          `json:"role"`
		Content          json.RawMessage `json:"content"`
		ReasoningContent string          `json:"reasoning_content"`
		ToolCallID       string          `json:"tool_call_id"`
		ToolCalls        []struct {
			ID       string `json:"id"`
			Type     string `json:"type"`
			Function struct {
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"function"`
		} `json:"tool_calls"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name       string          `json:"name"`
			Parameters json.RawMessage `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
}

func decodeBody(t *testing.T, raw []byte) body {
	t.Helper()
	var b body
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("decode request: %v", err)
	}
	return b
}

func checkRichRequest(t *testing.T, raw []byte) {
	b := decodeBody(t, raw)
	if !b.Stream || !b.StreamOptions.IncludeUsage {
		t.Errorf("stream %v include_usage %v, want both true", b.Stream, b.StreamOptions.IncludeUsage)
	}
	if b.MaxTokens != 1024 || b.Temperature == nil || *b.Temperature != 0.5 {
		t.Errorf("max_tokens %d temperature %v", b.MaxTokens, b.Temperature)
	}
	roles := ""
	for _, m := range b.Messages {
		roles += m.Role + " "
	}
	if roles != "system user assistant tool user " {
		t.Fatalf("roles %q", roles)
	}
	var sys string
	if err := json.Unmarshal(b.Messages[0].Content, &sys); err != nil || sys != llmtest.RichSystem+"\n\nAnswer briefly." {
		t.Errorf("system content %s", b.Messages[0].Content)
	}
	var parts []struct {
		Type     string `json:"type"`
		ImageURL struct {
			URL string `json:"url"`
		} `json:"image_url"`
	}
	if err := json.Unmarshal(b.Messages[1].Content, &parts); err != nil || len(parts) != 2 ||
		parts[1].ImageURL.URL != "data:image/png;base64,"+llmtest.PNGBase64() {
		t.Errorf("user content with image: %s", b.Messages[1].Content)
	}
	a := b.Messages[2]
	if len(a.ToolCalls) != 1 || a.ToolCalls[0].ID != llmtest.RichCallID || a.ToolCalls[0].Type != "function" ||
		!llmtest.JSONEqual(a.ToolCalls[0].Function.Arguments, llmtest.ToolArgs) {
		t.Errorf("assistant tool calls %+v", a.ToolCalls)
	}
	if b.Messages[3].ToolCallID != llmtest.RichCallID {
		t.Errorf("tool message answers %q", b.Messages[3].ToolCallID)
	}
	if len(b.Tools) != 2 || b.Tools[0].Type != "function" || !llmtest.JSONEqual(string(b.Tools[0].Function.Parameters), string(llmtest.Tools()[0].Schema)) {
		t.Errorf("tools %+v", b.Tools)
	}
}

// checkReasoningEcho: the reasoning of the finished turn is not sent back
// (a new user message follows it); see TestReasoningEchoInToolLoop for the
// turn in progress.
func checkReasoningEcho(t *testing.T, raw []byte, _ llm.Part) {
	b := decodeBody(t, raw)
	if b.ReasoningEffort != "high" {
		t.Errorf("reasoning_effort %q, want high", b.ReasoningEffort)
	}
	for _, m := range b.Messages {
		if m.ReasoningContent != "" {
			t.Errorf("reasoning_content sent for a finished turn: %q", m.ReasoningContent)
		}
	}
}
