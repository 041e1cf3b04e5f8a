package openaicompat

import (
	"net/http"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// collect streams req against one scripted response.
func collect(t *testing.T, resp llmtest.Response, req *llm.Request) (llmtest.Result, *llmtest.Server) {
	t.Helper()
	srv := llmtest.NewServer(t, resp)
	p := New(Options{Name: "t", BaseURL: srv.URL, APIKey: "sk-secret", Headers: map[string]string{"X-Title": "hone"}, HTTPClient: http.DefaultClient})
	r := llmtest.Collect(t.Context(), p, req)
	if r.Err == nil {
		if err := llmtest.Validate(r.Events, true); err != nil {
			t.Fatalf("malformed stream: %v", err)
		}
	}
	return r, srv
}

func TestTolerantStreams(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		resp      llmtest.Response
		text      string
		calls     []string // name:args
		finish    llm.FinishReason
		reasoning string
		hasUsage  bool
	}{
		{"no usage, no done", llmtest.Stream(textFrame("a"), textFrame("b"), finishFrame("stop")), "ab", nil, llm.FinishStop, "", false},
		{"empty choices and deltas", llmtest.Stream(
			`data: {"id":"x","choices":[]}`+"\n\n", frame(`{}`, ""), frame(`{"content":""}`, ""), textFrame("hi"),
			frame(`{"content":null}`, "stop"), doneFrame()), "hi", nil, llm.FinishStop, "", false},
		{"usage on finish chunk", llmtest.Stream(textFrame("x"),
			`data: {"id":"x","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":1}}`+"\n\n", doneFrame()),
			"x", nil, llm.FinishStop, "", true},
		{"groq usage", llmtest.Stream(textFrame("x"),
			`data: {"id":"x","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"x_groq":{"usage":{"prompt_tokens":5,"completion_tokens":1}}}`+"\n\n", doneFrame()),
			"x", nil, llm.FinishStop, "", true},
		{"reasoning field", llmtest.Stream(frame(`{"reasoning":"think"}`, ""), frame(`{"reasoning":null,"content":"ok"}`, "stop"), doneFrame()),
			"ok", nil, llm.FinishStop, "think", false},
		{"both reasoning fields", llmtest.Stream(frame(`{"reasoning_content":"dup","reasoning":"dup"}`, ""), textFrame("ok"), finishFrame("stop")),
			"ok", nil, llm.FinishStop, "dup", false},
		{"whole call in one chunk, stop reason", llmtest.Stream(
			frame(`{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"ls","arguments":"{\"path\":\".\"}"}}]}`, "stop"), doneFrame()),
			"", []string{`ls:{"path":"."}`}, llm.FinishToolUse, "", false},
		{"all calls at index 0", llmtest.Stream(
			frame(`{"tool_calls":[{"index":0,"id":"c1","function":{"name":"a","arguments":"{}"}}]}`, ""),
			frame(`{"tool_calls":[{"index":0,"id":"c2","function":{"name":"b","arguments":"{\"x\":1}"}}]}`, "tool_calls"), doneFrame()),
			"", []string{"a:{}", `b:{"x":1}`}, llm.FinishToolUse, "", false},
		{"no id, no index, no args", llmtest.Stream(
			frame(`{"tool_calls":[{"function":{"name":"now"}}]}`, "tool_calls"), doneFrame()),
			"", []string{"now:{}"}, llm.FinishToolUse, "", false},
		{"content blocks and odd reasoning", llmtest.Stream(
			frame(`{"reasoning":{"effort":"high"},"content":[{"type":"thinking","thinking":[]},{"type":"text","text":"A"}]}`, ""),
			frame(`{"content":[{"type":"text","text":"B"}]}`, "stop")), "AB", nil, llm.FinishStop, "", false},
		{"escapes and unicode", llmtest.Stream(textFrame("a\n\"q\" é\u2028"), textFrame("ü"), finishFrame("stop")),
			"a\n\"q\" é\u2028ü", nil, llm.FinishStop, "", false},
		{"done only", llmtest.Stream(textFrame("x"), doneFrame()), "x", nil, llm.FinishStop, "", false},
		{"length", llmtest.Stream(textFrame("x"), finishFrame("length"), doneFrame()), "x", nil, llm.FinishMaxTokens, "", false},
		{"content filter", llmtest.Stream(finishFrame("content_filter"), doneFrame()), "", nil, llm.FinishContentFilter, "", false},
		{"keep-alive comments", llmtest.Stream(": ping\n\n", textFrame("x"), ": OPENROUTER PROCESSING\n\n", finishFrame("stop")), "x", nil, llm.FinishStop, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, _ := collect(t, tt.resp, llmtest.SimpleRequest("m", "hi"))
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			if r.Text() != tt.text || r.Reasoning() != tt.reasoning || r.Finish() != tt.finish {
				t.Errorf("text %q reasoning %q finish %q", r.Text(), r.Reasoning(), r.Finish())
			}
			var calls []string
			for _, c := range r.ToolCalls() {
				calls = append(calls, c.ToolName+":"+c.Input)
			}
			if strings.Join(calls, " ") != strings.Join(tt.calls, " ") {
				t.Errorf("calls %q, want %q", calls, tt.calls)
			}
			if _, ok := r.Usage(); ok != tt.hasUsage {
				t.Errorf("usage reported: %v", ok)
			}
		})
	}
}

// toolLoop is a conversation in the middle of a tool loop: the assistant
// reasoned, called a tool, and the result came back.
func toolLoop(reasoningProvider string) *llm.Request {
	req := llmtest.SimpleRequest("m", "list files")
	req.Messages = append(req.Messages,
		llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
			{Type: llm.PartReasoning, Text: "I should call ls.", Provider: reasoningProvider},
			llm.ToolCallPart("c1", "ls", `{"path":"."}`),
		}},
		llm.Message{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("c1", "ls", "main.go", false)}},
	)
	return req
}

func TestReasoningEchoInToolLoop(t *testing.T) {
	t.Parallel()
	_, srv := collect(t, fixtureText(), toolLoop(ProviderType))
	b := decodeBody(t, srv.Requests()[0].Body)
	if got := b.Messages[2].ReasoningContent; got != "I should call ls." {
		t.Errorf("assistant reasoning_content %q", got)
	}
}

func TestReasoningEchoOnlyForOwnReasoning(t *testing.T) {
	t.Parallel()
	_, srv := collect(t, fixtureText(), toolLoop("anthropic"))
	if strings.Contains(string(srv.Requests()[0].Body), "reasoning_content") {
		t.Errorf("foreign reasoning sent: %s", srv.Requests()[0].Body)
	}
}

func TestReasoningEchoDisabled(t *testing.T) {
	t.Parallel()
	req := toolLoop(ProviderType)
	req.ProviderOptions = map[string]any{"echo_reasoning": false, "top_k": 40, "provider": map[string]any{"order": []string{"x"}}}
	_, srv := collect(t, fixtureText(), req)
	body := string(srv.Requests()[0].Body)
	if strings.Contains(body, "reasoning_content") || strings.Contains(body, "echo_reasoning") {
		t.Errorf("reasoning echoed or option leaked: %s", body)
	}
	if !strings.Contains(body, `"top_k":40`) || !strings.Contains(body, `"provider":{"order":["x"]}`) {
		t.Errorf("provider options not merged: %s", body)
	}
}

func TestHeadersAndPath(t *testing.T) {
	t.Parallel()
	req := llmtest.SimpleRequest("m", "hi")
	req.Headers = map[string]string{"X-Call": "1"}
	_, srv := collect(t, fixtureText(), req)
	got := srv.Requests()[0]
	if got.Path != "/chat/completions" || got.Method != http.MethodPost {
		t.Errorf("request %s", got)
	}
	for k, v := range map[string]string{"Authorization": "Bearer sk-secret", "X-Title": "hone", "X-Call": "1"} {
		if got.Header.Get(k) != v {
			t.Errorf("header %s = %q, want %q", k, got.Header.Get(k), v)
		}
	}
}

func TestToolResultImagesFollowAsUserMessage(t *testing.T) {
	t.Parallel()
	req := toolLoop(ProviderType)
	tool := &req.Messages[len(req.Messages)-1]
	tool.Parts[0].MediaType, tool.Parts[0].Data = "image/png", llmtest.PNG
	tool.Parts = append(tool.Parts, llm.Part{Type: llm.PartImage, MediaType: "image/jpeg", Data: []byte("second"), ToolCallID: "c1"})
	_, srv := collect(t, fixtureText(), req)
	b := decodeBody(t, srv.Requests()[0].Body)
	last := b.Messages[len(b.Messages)-1]
	if last.Role != "user" || !strings.Contains(string(last.Content), llmtest.PNGBase64()) ||
		!strings.Contains(string(last.Content), "data:image/jpeg;base64,c2Vjb25k") {
		t.Errorf("last message %s %s", last.Role, last.Content)
	}
}

func TestBadSchemaIsBadRequest(t *testing.T) {
	t.Parallel()
	req := llmtest.SimpleRequest("m", "hi")
	req.Tools = []llm.ToolDef{{Name: "x", Schema: []byte("{not json")}}
	p := New(Options{Name: "t", BaseURL: "http://127.0.0.1:1"})
	r := llmtest.Collect(t.Context(), p, req)
	if llm.KindOf(r.Err) != llm.KindBadRequest {
		t.Errorf("error %v", r.Err)
	}
}

func TestConnectionRefused(t *testing.T) {
	t.Parallel()
	p := New(Options{Name: "t", BaseURL: "http://127.0.0.1:1"})
	r := llmtest.Collect(t.Context(), p, llmtest.SimpleRequest("m", "hi"))
	if k := llm.KindOf(r.Err); k != llm.KindServer {
		t.Errorf("kind %q (%v)", k, r.Err)
	}
}
