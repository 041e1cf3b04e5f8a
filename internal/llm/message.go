package llm

import "strings"

// Role is who authored a message.
type Role string

// Roles. Tool results travel in RoleTool messages; adapters map them onto
// whatever the provider expects (a user message of tool_result blocks for
// Anthropic, function_call_output items for OpenAI Responses, …).
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// Message is one turn of the conversation sent to a model.
type Message struct {
	Role  Role   `json:"role"`
	Parts []Part `json:"parts"`
}

// Text concatenates the text parts of the message.
func (m Message) Text() string {
	var b strings.Builder
	for _, p := range m.Parts {
		if p.Type == PartText {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// ToolCalls returns the tool_call parts of the message in order.
func (m Message) ToolCalls() []Part {
	var out []Part
	for _, p := range m.Parts {
		if p.Type == PartToolCall {
			out = append(out, p)
		}
	}
	return out
}
