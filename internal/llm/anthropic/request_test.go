package anthropic

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// encode builds the parameters of req and decodes them as the API sees them.
func encode(t *testing.T, req *llm.Request) wireRequest {
	t.Helper()
	p, err := buildParams(req)
	if err != nil {
		t.Fatalf("buildParams: %v", err)
	}
	body, err := json.Marshal(p)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return decodeRequest(t, body)
}

func ptr(f float64) *float64 { return &f }

func TestThinkingMapping(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		req       llm.Request
		thinking  string // JSON of the thinking field, "" when absent
		effort    string
		maxTokens int
		temp      bool
		topP      bool
	}{
		{name: "off", req: llm.Request{Temperature: ptr(0.2), TopP: ptr(0.9)}, maxTokens: defaultMaxTokens, temp: true},
		{name: "top_p alone", req: llm.Request{TopP: ptr(0.9)}, maxTokens: defaultMaxTokens, topP: true},
		{name: "low", req: llm.Request{ReasoningEffort: "low", MaxTokens: 32000, Temperature: ptr(0.2)},
			thinking: `{"type":"enabled","budget_tokens":2048}`, maxTokens: 32000},
		{name: "medium", req: llm.Request{ReasoningEffort: "medium", MaxTokens: 32000, TopP: ptr(0.97)},
			thinking: `{"type":"enabled","budget_tokens":8192}`, maxTokens: 32000, topP: true},
		{name: "high", req: llm.Request{ReasoningEffort: "high", MaxTokens: 64000, TopP: ptr(0.5)},
			thinking: `{"type":"enabled","budget_tokens":24576}`, maxTokens: 64000},
		{name: "budget above max_tokens is halved", req: llm.Request{ReasoningEffort: "high", MaxTokens: 10000},
			thinking: `{"type":"enabled","budget_tokens":5000}`, maxTokens: 10000},
		{name: "too small for thinking", req: llm.Request{ReasoningEffort: "high", MaxTokens: 1500, Temperature: ptr(0.3)},
			maxTokens: 1500, temp: true},
		{name: "explicit budget", req: llm.Request{MaxTokens: 20000, ProviderOptions: map[string]any{"thinking_budget": 4000.0}},
			thinking: `{"type":"enabled","budget_tokens":4000}`, maxTokens: 20000},
		{name: "adaptive model", req: llm.Request{Model: "claude-opus-4-6", ReasoningEffort: "high", MaxTokens: 20000},
			thinking: `{"type":"adaptive"}`, effort: "high", maxTokens: 20000},
		{name: "adaptive model ignores budget", req: llm.Request{Model: "claude-opus-4-6", MaxTokens: 20000, ProviderOptions: map[string]any{"thinking_budget": 4000}},
			thinking: `{"type":"adaptive"}`, maxTokens: 20000},
		{name: "adaptive option", req: llm.Request{ReasoningEffort: "low", ProviderOptions: map[string]any{"thinking": "adaptive"}},
			thinking: `{"type":"adaptive"}`, effort: "low", maxTokens: defaultMaxTokens},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := tt.req
			if req.Model == "" {
				req.Model = "claude-sonnet-4-5"
			}
			req.Messages = []llm.Message{llmtest.User("hi")}
			w := encode(t, &req)
			if got := string(w.Thinking); !(got == tt.thinking || (tt.thinking != "" && llmtest.JSONEqual(got, tt.thinking))) {
				t.Errorf("thinking %s, want %s", got, tt.thinking)
			}
			if w.OutputConfig.Effort != tt.effort {
				t.Errorf("effort %q, want %q", w.OutputConfig.Effort, tt.effort)
			}
			if w.MaxTokens != tt.maxTokens {
				t.Errorf("max_tokens %d, want %d", w.MaxTokens, tt.maxTokens)
			}
			if (w.Temperature != nil) != tt.temp || (w.TopP != nil) != tt.topP {
				t.Errorf("temperature %v top_p %v, want set: %v %v", w.Temperature, w.TopP, tt.temp, tt.topP)
			}
		})
	}
}

func TestThinkingOffForForeignToolTurn(t *testing.T) {
	t.Parallel()
	req := &llm.Request{Model: "claude-sonnet-4-5", ReasoningEffort: "high", MaxTokens: 64000, Messages: []llm.Message{
		llmtest.User("List files."),
		{Role: llm.RoleAssistant, Parts: []llm.Part{
			{Type: llm.PartReasoning, Text: "from elsewhere", Encrypted: "opaque", Provider: "openai"},
			llm.ToolCallPart("call_1", "ls", `{}`),
		}},
		{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("call_1", "ls", "main.go", false)}},
	}}
	w := encode(t, req)
	if len(w.Thinking) != 0 {
		t.Errorf("thinking %s: must be off when the tool turn has no thinking block", w.Thinking)
	}
	if b := w.Messages[1].Content[0]; b.Type != "tool_use" {
		t.Errorf("foreign reasoning was sent: %+v", b)
	}
}

func TestReasoningEcho(t *testing.T) {
	t.Parallel()
	req := &llm.Request{Model: "claude-sonnet-4-5", ReasoningEffort: "high", MaxTokens: 64000, Messages: []llm.Message{
		llmtest.User("List files."),
		{Role: llm.RoleAssistant, Parts: []llm.Part{
			{Type: llm.PartReasoning, Text: "Let me look.", Signature: "sig-1", Provider: "anthropic"},
			{Type: llm.PartReasoning, Encrypted: "redacted-1", Provider: "anthropic"},
			{Type: llm.PartReasoning, Text: "unsigned", Provider: "anthropic"},
			llm.Text("Listing."),
			llm.ToolCallPart("toolu_1", "ls", `{"path":"."}`),
			{Type: llm.PartFinish, Reason: llm.FinishToolUse},
		}},
		{Role: llm.RoleTool, Parts: []llm.Part{
			llm.ToolResult("toolu_1", "ls", "main.go", false),
		}},
	}}
	w := encode(t, req)
	if len(w.Thinking) == 0 {
		t.Error("thinking is off although the tool turn starts with a thinking block")
	}
	got := w.Messages[1].Content
	if len(got) != 4 {
		t.Fatalf("assistant blocks %+v, want thinking, redacted_thinking, text, tool_use", got)
	}
	if got[0].Type != "thinking" || got[0].Thinking != "Let me look." || got[0].Signature != "sig-1" {
		t.Errorf("thinking block %+v", got[0])
	}
	if got[1].Type != "redacted_thinking" || got[1].Data != "redacted-1" {
		t.Errorf("redacted block %+v", got[1])
	}
	if got[3].Type != "tool_use" || got[3].CacheControl == nil {
		t.Errorf("tool_use block %+v: want cache_control on the last block", got[3])
	}
}

func TestToolResultEncoding(t *testing.T) {
	t.Parallel()
	req := &llm.Request{Model: "claude-sonnet-4-5", Messages: []llm.Message{
		llmtest.User("Show the screenshot."),
		{Role: llm.RoleAssistant, Parts: []llm.Part{
			llm.ToolCallPart("toolu_1", "view", `{"file_path":"a.png"}`),
			llm.ToolCallPart("functions.view:2", "view", `{"file_path":`),
		}},
		{Role: llm.RoleTool, Parts: []llm.Part{
			{Type: llm.PartToolResult, ToolCallID: "toolu_1", ToolName: "view", Text: "Image a.png", MediaType: "image/png", Data: llmtest.PNG},
		}},
		{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("queued prompt")}},
		{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("functions.view:2", "view", "invalid arguments", true)}},
	}}
	w := encode(t, req)
	if n := len(w.Messages); n != 3 {
		t.Fatalf("%d messages, want 3 (tool results and user text merged)", n)
	}
	if in := string(w.Messages[1].Content[1].Input); in != "{}" {
		t.Errorf("malformed call sent with input %s, want {}", in)
	}
	c := w.Messages[2].Content
	if len(c) != 3 || c[0].Type != "tool_result" || c[1].Type != "tool_result" || c[2].Type != "text" {
		t.Fatalf("user turn %+v: want both tool results before the text", c)
	}
	if img := c[0].Content[1]; img.Type != "image" || img.Source.Data != llmtest.PNGBase64() || c[0].IsError {
		t.Errorf("image result %+v", c[0])
	}
	if id := w.Messages[1].Content[1].ID; id != "functions_view_2" {
		t.Errorf("tool_use id %q, want the foreign id made valid", id)
	}
	if !c[1].IsError || c[1].ToolUseID != "functions_view_2" {
		t.Errorf("error result %+v", c[1])
	}
}

func TestCacheOnLastToolWithoutSystem(t *testing.T) {
	t.Parallel()
	w := encode(t, &llm.Request{Model: "m", Tools: llmtest.Tools(), Messages: []llm.Message{llmtest.User("hi")}})
	if w.Tools[0].CacheControl != nil || w.Tools[1].CacheControl == nil {
		t.Errorf("tools %+v: want cache_control on the last tool only", w.Tools)
	}
	if len(w.System) != 0 {
		t.Errorf("system %+v", w.System)
	}
}

func TestBadRequests(t *testing.T) {
	t.Parallel()
	for name, req := range map[string]*llm.Request{
		"no model":     {Messages: []llm.Message{llmtest.User("hi")}},
		"bad role":     {Model: "m", Messages: []llm.Message{{Role: "system", Parts: []llm.Part{llm.Text("x")}}}},
		"budget type":  {Model: "m", ProviderOptions: map[string]any{"thinking_budget": "lots"}},
		"unknown mode": {Model: "m", ProviderOptions: map[string]any{"thinking": "always"}},
	} {
		if _, err := buildParams(req); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestHeadersAndAuth(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewServer(t, fixture(t, "text"))
	c := New(Options{Name: "a", BaseURL: srv.URL, APIKey: "sk-ant-xyz", Headers: map[string]string{"X-Team": "hone"}})
	req := llmtest.SimpleRequest("claude-sonnet-4-5", "hi")
	req.Headers = map[string]string{"Anthropic-Beta": "interleaved-thinking-2025-05-14"}
	if r := llmtest.Collect(t.Context(), c, req); r.Err != nil {
		t.Fatal(r.Err)
	}
	got := srv.Requests()[0]
	if got.Path != "/v1/messages" {
		t.Errorf("path %q", got.Path)
	}
	for k, want := range map[string]string{"X-Api-Key": "sk-ant-xyz", "X-Team": "hone", "Anthropic-Beta": "interleaved-thinking-2025-05-14"} {
		if v := got.Header.Get(k); v != want {
			t.Errorf("header %s = %q, want %q", k, v, want)
		}
	}
	if strings.Contains(got.Header.Get("Authorization"), "Bearer") {
		t.Error("an Authorization header was sent")
	}
}

func TestBaseURLWithVersion(t *testing.T) {
	t.Parallel()
	for _, suffix := range []string{"", "/", "/v1", "/v1/"} {
		srv := llmtest.NewServer(t, fixture(t, "text"))
		c := New(Options{Name: "a", BaseURL: srv.URL + suffix, APIKey: "k"})
		if r := llmtest.Collect(t.Context(), c, llmtest.SimpleRequest("m", "hi")); r.Err != nil {
			t.Fatalf("%q: %v", suffix, r.Err)
		}
		if p := srv.Requests()[0].Path; p != "/v1/messages" {
			t.Errorf("base %q: path %q", suffix, p)
		}
	}
}
