package gemini

import (
	"encoding/json"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// wireRequest is the part of a generateContent body the tests read.
type wireRequest struct {
	Contents          []wireContent `json:"contents"`
	SystemInstruction *wireContent  `json:"systemInstruction"`
	Tools             []struct {
		FunctionDeclarations []struct {
			Name                 string          `json:"name"`
			Description          string          `json:"description"`
			ParametersJSONSchema json.RawMessage `json:"parametersJsonSchema"`
			Parameters           json.RawMessage `json:"parameters"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
	GenerationConfig struct {
		Temperature     *float64 `json:"temperature"`
		TopP            *float64 `json:"topP"`
		TopK            *float64 `json:"topK"`
		MaxOutputTokens int      `json:"maxOutputTokens"`
		ThinkingConfig  *struct {
			IncludeThoughts bool   `json:"includeThoughts"`
			ThinkingBudget  *int   `json:"thinkingBudget"`
			ThinkingLevel   string `json:"thinkingLevel"`
		} `json:"thinkingConfig"`
	} `json:"generationConfig"`
}

type wireContent struct {
	Role  string     `json:"role"`
	Parts []wirePart `json:"parts"`
}

type wirePart struct {
	Text             *string `json:"text"`
	Thought          bool    `json:"thought"`
	ThoughtSignature string  `json:"thoughtSignature"`
	InlineData       *struct {
		MIMEType string `json:"mimeType"`
		Data     string `json:"data"`
	} `json:"inlineData"`
	FunctionCall *struct {
		ID   string         `json:"id"`
		Name string         `json:"name"`
		Args map[string]any `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string         `json:"id"`
		Name     string         `json:"name"`
		Response map[string]any `json:"response"`
	} `json:"functionResponse"`
}

func (p wirePart) text() string {
	if p.Text == nil {
		return ""
	}
	return *p.Text
}

func decodeRequest(t *testing.T, body []byte) wireRequest {
	t.Helper()
	var w wireRequest
	if err := json.Unmarshal(body, &w); err != nil {
		t.Fatalf("decode request: %v\n%s", err, body)
	}
	return w
}

// checkRichRequest asserts the encoding of llmtest.RichRequest. Its call
// id is another provider's, so it is not sent.
func checkRichRequest(t *testing.T, body []byte) {
	w := decodeRequest(t, body)
	if si := w.SystemInstruction; si == nil || len(si.Parts) != 2 || si.Parts[0].text() != llmtest.RichSystem {
		t.Errorf("system instruction %+v", si)
	}
	if gc := w.GenerationConfig; gc.Temperature == nil || *gc.Temperature != 0.5 || gc.MaxOutputTokens != 1024 || gc.ThinkingConfig != nil {
		t.Errorf("generation config %+v", gc)
	}
	decls := w.Tools[0].FunctionDeclarations
	if len(decls) != 2 || decls[0].Name != llmtest.ToolName || !llmtest.JSONEqual(string(decls[0].ParametersJSONSchema), string(llmtest.Tools()[0].Schema)) {
		t.Errorf("function declarations %+v", decls)
	}
	if len(w.Contents) != 3 {
		t.Fatalf("%d contents, want 3 (tool result and user text merged): %+v", len(w.Contents), w.Contents)
	}
	user, model, results := w.Contents[0], w.Contents[1], w.Contents[2]
	if img := user.Parts[1].InlineData; user.Role != "user" || img == nil || img.MIMEType != "image/png" || img.Data != llmtest.PNGBase64() {
		t.Errorf("user content %+v", user)
	}
	fc := model.Parts[1].FunctionCall
	if model.Role != "model" || fc == nil || fc.Name != llmtest.ToolName || fc.ID != "" || fc.Args["city"] != "Paris" {
		t.Errorf("model content %+v", model)
	}
	fr := results.Parts[0].FunctionResponse
	if results.Role != "user" || fr == nil || fr.Name != llmtest.ToolName || fr.ID != "" || fr.Response["output"] != llmtest.RichToolResult {
		t.Errorf("function response content %+v", results)
	}
	if results.Parts[1].text() != "Thanks! Anything else?" {
		t.Errorf("user text after the response: %+v", results.Parts[1])
	}
}

// checkThoughtEcho asserts the thought part goes back as a thought, and
// the text signature back on the answer's text part.
func checkThoughtEcho(t *testing.T, body []byte, reasoning llm.Part) {
	w := decodeRequest(t, body)
	if len(w.Contents) < 2 {
		t.Fatalf("contents %+v", w.Contents)
	}
	model := w.Contents[1]
	if model.Role != "model" || len(model.Parts) != 2 {
		t.Fatalf("model content %+v: want a thought and the answer", model)
	}
	th, answer := model.Parts[0], model.Parts[1]
	if !th.Thought || th.text() != llmtest.ReasoningText || th.text() != reasoning.Text {
		t.Errorf("thought part %+v", th)
	}
	if answer.Thought || answer.text() != llmtest.ReasoningAnswer || answer.ThoughtSignature == "" {
		t.Errorf("answer part %+v: want the text with the signature that followed it", answer)
	}
	if reasoning.Provider != providerType {
		t.Errorf("reasoning provider %q", reasoning.Provider)
	}
}
