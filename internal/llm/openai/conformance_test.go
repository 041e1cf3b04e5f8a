package openai

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
			return New(Options{Name: "openai-test", BaseURL: baseURL + "/v1", APIKey: "test-key", HTTPClient: c})
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

// body is the part of a Responses request the tests inspect.
type body struct {
	Model           string   `json:"model"`
	Stream          bool     `json:"stream"`
	Store           *bool    `json:"store"`
	Include         []string `json:"include"`
	Instructions    string   `json:"instructions"`
	MaxOutputTokens int      `json:"max_output_tokens"`
	Reasoning       struct {
		Effort  string `json:"effort"`
		Summary string `json:"summary"`
	} `json:"reasoning"`
	Input []inputItem `json:"input"`
	Tools []struct {
		Type       string          `json:"type"`
		Name       string          `json:"name"`
		Strict     *bool           `json:"strict"`
		Parameters json.RawMessage `json:"parameters"`
	} `json:"tools"`
}

type inputItem struct {
	Type             string          `json:"type"`
	Role             string          `json:"role"`
	Content          json.RawMessage `json:"content"`
	ID               string          `json:"id"`
	EncryptedContent string          `json:"encrypted_content"`
	Summary          []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"summary"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Output    json.RawMessage `json:"output"`
}

func decodeBody(t *testing.T, raw []byte) body {
	t.Helper()
	var b body
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("decode request: %v", err)
	}
	return b
}

// kinds lists the items as type or role, e.g. "user function_call".
func kinds(items []inputItem) string {
	s := ""
	for _, it := range items {
		k := it.Type
		if k == "" || k == "message" {
			k = it.Role
		}
		s += k + " "
	}
	return s
}

func checkRichRequest(t *testing.T, raw []byte) {
	b := decodeBody(t, raw)
	if !b.Stream || b.Store == nil || *b.Store || len(b.Include) != 1 || b.Include[0] != "reasoning.encrypted_content" {
		t.Errorf("stream %v store %v include %v", b.Stream, b.Store, b.Include)
	}
	if b.Instructions != llmtest.RichSystem+"\n\nAnswer briefly." || b.MaxOutputTokens != 1024 {
		t.Errorf("instructions %q max_output_tokens %d", b.Instructions, b.MaxOutputTokens)
	}
	if got := kinds(b.Input); got != "user assistant function_call function_call_output user " {
		t.Fatalf("input items %q", got)
	}
	var content []struct {
		Type     string `json:"type"`
		ImageURL string `json:"image_url"`
	}
	if err := json.Unmarshal(b.Input[0].Content, &content); err != nil || len(content) != 2 ||
		content[1].Type != "input_image" || content[1].ImageURL != "data:image/png;base64,"+llmtest.PNGBase64() {
		t.Errorf("user content %s", b.Input[0].Content)
	}
	fc := b.Input[2]
	if fc.CallID != llmtest.RichCallID || fc.Name != llmtest.ToolName || !llmtest.JSONEqual(fc.Arguments, llmtest.ToolArgs) {
		t.Errorf("function_call %+v", fc)
	}
	if out := b.Input[3]; out.CallID != llmtest.RichCallID || string(out.Output) != `"`+llmtest.RichToolResult+`"` {
		t.Errorf("function_call_output %+v", out)
	}
	if len(b.Tools) != 2 || b.Tools[0].Type != "function" || b.Tools[0].Strict == nil || *b.Tools[0].Strict ||
		!llmtest.JSONEqual(string(b.Tools[0].Parameters), string(llmtest.Tools()[0].Schema)) {
		t.Errorf("tools %+v", b.Tools)
	}
}

// checkReasoningEcho: the reasoning item comes back with its id,
// encrypted content and summary, before the assistant text it preceded.
func checkReasoningEcho(t *testing.T, raw []byte, part llm.Part) {
	if part.Encrypted != encrypted || part.ReasoningID != "rs_1" {
		t.Errorf("reasoning part %+v: want the encrypted content of output_item.done", part)
	}
	b := decodeBody(t, raw)
	if b.Reasoning.Effort != "high" || b.Reasoning.Summary != "auto" {
		t.Errorf("reasoning %+v", b.Reasoning)
	}
	if got := kinds(b.Input); got != "user reasoning assistant user " {
		t.Fatalf("input items %q", got)
	}
	r := b.Input[1]
	if r.ID != "rs_1" || r.EncryptedContent != encrypted || len(r.Summary) != 1 ||
		r.Summary[0].Type != "summary_text" || r.Summary[0].Text != llmtest.ReasoningText {
		t.Errorf("reasoning item %+v", r)
	}
}
