package llmtest

import (
	"encoding/json"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// Content of RichRequest that must appear in the encoded body.
const (
	RichSystem     = "You are Hone's conformance test assistant."
	RichToolResult = "18 degrees and sunny"
	RichCallID     = "call_rich_1"
)

// PNG is a valid 1×1 transparent PNG, the image of RichRequest. Treat it
// as read-only: every test of the process shares it.
var PNG = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
	0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
	0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
	0x42, 0x60, 0x82,
}

// Tools returns the definitions of ToolName and SecondToolName.
func Tools() []llm.ToolDef {
	return []llm.ToolDef{
		{
			Name:        ToolName,
			Description: "Returns the current weather for a city.",
			Schema:      json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["city"]}`),
		},
		{
			Name:        SecondToolName,
			Description: "Returns the current time in a time zone.",
			Schema:      json.RawMessage(`{"type":"object","properties":{"timezone":{"type":"string"}},"required":["timezone"]}`),
		},
	}
}

// User returns a user message of one text part.
func User(text string) llm.Message {
	return llm.Message{Role: llm.RoleUser, Parts: []llm.Part{llm.Text(text)}}
}

// SimpleRequest is a one-message request with Tools.
func SimpleRequest(model, prompt string) *llm.Request {
	return &llm.Request{
		Model:     model,
		System:    []string{RichSystem},
		Messages:  []llm.Message{User(prompt)},
		Tools:     Tools(),
		MaxTokens: 256,
	}
}

// RichRequest exercises every part of request encoding: two system
// blocks, tools, a user message with an image, an assistant tool call, its
// tool result, and a final user message, plus sampling options.
func RichRequest(model string) *llm.Request {
	temp := 0.5
	return &llm.Request{
		Model:  model,
		System: []string{RichSystem, "Answer briefly."},
		Messages: []llm.Message{
			{Role: llm.RoleUser, Parts: []llm.Part{
				llm.Text("What is the weather in Paris? Here is a picture."),
				{Type: llm.PartImage, MediaType: "image/png", Data: PNG},
			}},
			{Role: llm.RoleAssistant, Parts: []llm.Part{
				llm.Text("Let me check."),
				llm.ToolCallPart(RichCallID, ToolName, ToolArgs),
			}},
			{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult(RichCallID, ToolName, RichToolResult, false)}},
			User("Thanks! Anything else?"),
		},
		Tools:       Tools(),
		MaxTokens:   1024,
		Temperature: &temp,
	}
}

// request sends RichRequest and checks the body carries its content.
func (s suite) request(t *testing.T) {
	srv := NewServer(t, s.h.Text)
	r := s.collect(t, s.provider(t, srv), RichRequest(s.h.Model))
	mustFinish(t, r, llm.FinishStop)
	body := onlyBody(t, srv)
	mustContain(t, body, RichSystem, ToolName, "Returns the current weather for a city.", RichToolResult, PNGBase64())
	if s.h.CheckRequest != nil {
		s.h.CheckRequest(t, body)
	}
}
