package llm

import "encoding/json"

// PartType names the kind of content a Part carries.
type PartType string

// Part types. The JSON names are stored in the database: never rename them.
const (
	PartText       PartType = "text"
	PartReasoning  PartType = "reasoning"
	PartImage      PartType = "image"
	PartToolCall   PartType = "tool_call"
	PartToolResult PartType = "tool_result"
	PartFinish     PartType = "finish"
)

// Part is one typed piece of a message. It is a flat struct rather than an
// interface so that it persists as plain JSON; each type uses only the fields
// documented beside it.
type Part struct {
	Type PartType `json:"type"`

	// Text is the text of a text or reasoning part, and the content of a
	// tool_result part. For a finish part it carries an optional message
	// (an error text, "interrupted", …).
	Text string `json:"text,omitempty"`

	// Reasoning metadata. Signature is Anthropic's thinking signature or
	// Gemini's thought signature (Gemini also puts it on tool calls);
	// Encrypted is OpenAI's encrypted_content or Anthropic's redacted
	// thinking data; ReasoningID is the provider's item id. Provider names
	// the provider type that produced them: adapters send reasoning back only
	// to the provider type that made it.
	Signature   string `json:"signature,omitempty"`
	Encrypted   string `json:"encrypted,omitempty"`
	ReasoningID string `json:"reasoning_id,omitempty"`
	Provider    string `json:"provider,omitempty"`

	// Image data (image parts, and images inside tool results).
	MediaType string `json:"media_type,omitempty"`
	Data      []byte `json:"data,omitempty"`

	// Tool call and tool result. Input is the raw JSON arguments as the
	// model produced them (possibly malformed: see InputError).
	ToolCallID string `json:"tool_call_id,omitempty"`
	ToolName   string `json:"tool_name,omitempty"`
	Input      string `json:"input,omitempty"`
	// InputError is set by an adapter when Input is not valid JSON; the
	// agent answers such a call with an error result instead of running it.
	InputError string `json:"input_error,omitempty"`
	// IsError marks a failed tool result.
	IsError bool `json:"is_error,omitempty"`

	// Meta is front-end metadata of a tool result (its display), stored
	// with the part and never sent to a provider.
	Meta json.RawMessage `json:"meta,omitempty"`

	// Finish part: why the assistant message ended and when (unix ms).
	Reason     FinishReason `json:"reason,omitempty"`
	FinishedAt int64        `json:"finished_at,omitempty"`
}

// Text returns a text part.
func Text(s string) Part { return Part{Type: PartText, Text: s} }

// ToolResult returns a tool_result part answering the call with id callID.
func ToolResult(callID, name, content string, isError bool) Part {
	return Part{Type: PartToolResult, ToolCallID: callID, ToolName: name, Text: content, IsError: isError}
}
