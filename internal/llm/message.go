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

// PartSeparator is put between texts that must share one string (several
// prompts, or a prompt and a text attachment, sent to an API that takes
// one string per message): a blank line, so each stays recognisable.
const PartSeparator = "\n\n"

// JoinText joins the non-empty text parts of parts with PartSeparator.
// Adapters use it where the wire format has no separate parts; Text, which
// concatenates, is for the assistant's own streamed text.
func JoinText(parts []Part) string {
	var b strings.Builder
	for _, p := range parts {
		if p.Type != PartText || p.Text == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(PartSeparator)
		}
		b.WriteString(p.Text)
	}
	return b.String()
}
