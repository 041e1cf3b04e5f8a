package gemini

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// send streams req against the text fixture and returns the decoded body
// and the recorded request.
func send(t *testing.T, req *llm.Request) (wireRequest, llmtest.Recorded) {
	t.Helper()
	r, srv := collect(t, req, fixture(t, "text"))
	if r.Err != nil {
		t.Fatalf("stream: %v", r.Err)
	}
	got := srv.Requests()[0]
	return decodeRequest(t, got.Body), got
}

func TestRequestPathAndHeaders(t *testing.T) {
	t.Parallel()
	req := llmtest.SimpleRequest("gemini-2.5-flash", "hi")
	req.Headers = map[string]string{"X-Trace": "abc"}
	_, got := send(t, req)
	if got.Path != "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse" {
		t.Errorf("path %q", got.Path)
	}
	if got.Header.Get("X-Goog-Api-Key") != "test-key" || got.Header.Get("X-Trace") != "abc" {
		t.Errorf("headers %v", got.Header)
	}
}

func TestThinkingConfig(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		effort string
		opts   map[string]any
		budget int // -1: no thinkingConfig
		level  string
	}{
		{name: "none", budget: -1},
		{name: "low", effort: "low", budget: 1024},
		{name: "medium", effort: "medium", budget: 8192},
		{name: "high", effort: "high", budget: 24576},
		{name: "explicit budget", effort: "low", opts: map[string]any{"thinking_budget": 3000}, budget: 3000},
		{name: "level", opts: map[string]any{"thinking_level": "high"}, level: "HIGH"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := llmtest.SimpleRequest("gemini-2.5-flash", "hi")
			req.ReasoningEffort, req.ProviderOptions = tt.effort, tt.opts
			w, _ := send(t, req)
			tc := w.GenerationConfig.ThinkingConfig
			switch {
			case tt.budget == -1 && tt.level == "":
				if tc != nil {
					t.Errorf("thinkingConfig %+v, want none", tc)
				}
			case tc == nil || !tc.IncludeThoughts:
				t.Errorf("thinkingConfig %+v, want thoughts included", tc)
			case tt.level != "" && tc.ThinkingLevel != tt.level:
				t.Errorf("level %q, want %q", tc.ThinkingLevel, tt.level)
			case tt.budget > 0 && (tc.ThinkingBudget == nil || *tc.ThinkingBudget != tt.budget):
				t.Errorf("budget %v, want %d", tc.ThinkingBudget, tt.budget)
			}
		})
	}
}

// toolHistory is a conversation with two parallel calls whose results
// come back in the opposite order, one failed, one with an image.
func toolHistory(model string, callParts ...llm.Part) *llm.Request {
	return &llm.Request{Model: model, Messages: []llm.Message{
		llmtest.User("Weather and time?"),
		{Role: llm.RoleAssistant, Parts: callParts},
		{Role: llm.RoleTool, Parts: []llm.Part{
			{Type: llm.PartToolResult, ToolCallID: callParts[len(callParts)-1].ToolCallID, Text: "12:00", MediaType: "image/png", Data: llmtest.PNG},
			llm.ToolResult(callParts[len(callParts)-2].ToolCallID, "get_weather", "service down", true),
		}},
	}}
}

func TestToolResultsByNameAndOrder(t *testing.T) {
	t.Parallel()
	weather := llm.ToolCallPart("hone-gemini-call-r1-1", "get_weather", `{"city":"Paris"}`)
	weather.Signature = "c2lnLTE="
	clock := llm.ToolCallPart("hone-gemini-id-fc_2", "get_time", `{"timezone":`)
	w, _ := send(t, toolHistory("gemini-2.5-flash", weather, clock))
	model, results := w.Contents[1], w.Contents[2]
	fc0, fc1 := model.Parts[0].FunctionCall, model.Parts[1].FunctionCall
	if fc0.ID != "" || fc1.ID != "fc_2" {
		t.Errorf("ids sent back %q %q, want none for the synthesized id and the API's own", fc0.ID, fc1.ID)
	}
	if model.Parts[0].ThoughtSignature != "c2lnLTE=" || model.Parts[1].ThoughtSignature != "" {
		t.Errorf("signatures %q %q", model.Parts[0].ThoughtSignature, model.Parts[1].ThoughtSignature)
	}
	if len(fc1.Args) != 0 {
		t.Errorf("malformed call sent with args %v, want {}", fc1.Args)
	}
	if len(results.Parts) != 3 {
		t.Fatalf("result parts %+v", results.Parts)
	}
	r0, r1 := results.Parts[0].FunctionResponse, results.Parts[1].FunctionResponse
	if r0 == nil || r0.Name != "get_weather" || r0.Response["error"] != "service down" {
		t.Errorf("first response %+v: want get_weather's error first, in call order", r0)
	}
	if r1 == nil || r1.Name != "get_time" || r1.ID != "fc_2" || r1.Response["output"] != "12:00" {
		t.Errorf("second response %+v: want the name taken from the call", r1)
	}
	if img := results.Parts[2].InlineData; img == nil || img.Data != llmtest.PNGBase64() {
		t.Errorf("image part %+v", results.Parts[2])
	}
}

func TestUnsignedCallsForGemini3(t *testing.T) {
	t.Parallel()
	a := llm.ToolCallPart("toolu_1", "get_weather", `{"city":"Paris"}`)
	b := llm.ToolCallPart("toolu_2", "get_time", `{}`)
	w, _ := send(t, toolHistory("gemini-3-pro-preview", a, b))
	model := w.Contents[1]
	if model.Parts[0].ThoughtSignature == "" || model.Parts[1].ThoughtSignature != "" {
		t.Errorf("signatures %q %q: want the skip value on the first call only", model.Parts[0].ThoughtSignature, model.Parts[1].ThoughtSignature)
	}
	if id := model.Parts[0].FunctionCall.ID; id != "" {
		t.Errorf("another provider's id %q was sent", id)
	}
	w, _ = send(t, toolHistory("gemini-2.5-flash", a, b))
	if s := w.Contents[1].Parts[0].ThoughtSignature; s != "" {
		t.Errorf("gemini-2.5 got signature %q", s)
	}
}

func TestReasoningFromOtherProvidersDropped(t *testing.T) {
	t.Parallel()
	req := &llm.Request{Model: "gemini-2.5-flash", Messages: []llm.Message{
		llmtest.User("hi"),
		{Role: llm.RoleAssistant, Parts: []llm.Part{
			{Type: llm.PartReasoning, Text: "claude thought", Signature: "c2ln", Provider: "anthropic"},
			{Type: llm.PartReasoning, Signature: "c2lnLTI=", Provider: "gemini"},
			llm.Text("Hello."),
			{Type: llm.PartReasoning, Signature: "c2lnLTM=", Provider: "gemini"},
		}},
		llmtest.User("again"),
	}}
	w, _ := send(t, req)
	parts := w.Contents[1].Parts
	if len(parts) != 1 || parts[0].text() != "Hello." || parts[0].ThoughtSignature != "c2lnLTM=" || parts[0].Thought {
		t.Errorf("model parts %+v: want only the text, carrying the signature that followed it", parts)
	}
}

func TestBadRequests(t *testing.T) {
	t.Parallel()
	for name, req := range map[string]*llm.Request{
		"no model":  {Messages: []llm.Message{llmtest.User("hi")}},
		"bad role":  {Model: "m", Messages: []llm.Message{{Role: "system", Parts: []llm.Part{llm.Text("x")}}}},
		"bad top_k": {Model: "m", ProviderOptions: map[string]any{"top_k": "many"}},
	} {
		if _, _, err := buildRequest(req); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestBaseURLWithVersion(t *testing.T) {
	t.Parallel()
	for _, suffix := range []string{"/", "/v1beta", "/v1beta/"} {
		srv := llmtest.NewServer(t, fixture(t, "text"))
		c := New(Options{Name: "g", BaseURL: srv.URL + suffix, APIKey: "k"})
		if r := llmtest.Collect(t.Context(), c, llmtest.SimpleRequest("gemini-2.5-flash", "hi")); r.Err != nil {
			t.Fatalf("%q: %v", suffix, r.Err)
		}
		if p := srv.Requests()[0].Path; p != "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse" {
			t.Errorf("base %q: path %q", suffix, p)
		}
	}
}
