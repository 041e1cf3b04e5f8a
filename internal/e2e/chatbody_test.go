package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// chatBody is the part of a Chat Completions request the tests read.
type chatBody struct {
	Model    string            `json:"model"`
	Stream   bool              `json:"stream"`
	Messages []chatMessage     `json:"messages"`
	Tools    []json.RawMessage `json:"tools"`
}

// chatMessage is one message of a request.
type chatMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	ToolCallID string          `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

// Texts are the message's text contents: the string, or each text part
// of an array (an adapter may merge consecutive user messages into one
// message of several parts).
func (m chatMessage) Texts() []string {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []string{s}
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(m.Content, &parts)
	var out []string
	for _, p := range parts {
		if p.Type == "text" {
			out = append(out, p.Text)
		}
	}
	return out
}

// Text is the message's text contents, joined.
func (m chatMessage) Text() string { return strings.Join(m.Texts(), "") }

// userTexts are the texts of the request's user messages, in order.
func (b chatBody) userTexts() []string {
	var out []string
	for _, m := range b.Messages {
		if m.Role == "user" {
			out = append(out, m.Texts()...)
		}
	}
	return out
}

// textOf is the text of the request's messages of role, joined.
func (b chatBody) textOf(role string) string {
	var sb strings.Builder
	for _, m := range b.Messages {
		if m.Role == role {
			sb.WriteString(m.Text())
		}
	}
	return sb.String()
}

// toolResult returns the tool message answering call id.
func (b chatBody) toolResult(id string) (chatMessage, bool) {
	for _, m := range b.Messages {
		if m.Role == "tool" && m.ToolCallID == id {
			return m, true
		}
	}
	return chatMessage{}, false
}

// checkValid fails t unless the request is one a strict provider accepts:
// every assistant tool call is answered by a tool message before the next
// user or assistant message, every tool message answers a call of the
// assistant message before it, and no call id repeats.
func checkValid(t testing.TB, b chatBody) {
	t.Helper()
	open := map[string]bool{} // calls of the last assistant message still unanswered
	seen := map[string]bool{}
	for i, m := range b.Messages {
		switch m.Role {
		case "assistant":
			if len(open) > 0 {
				t.Errorf("message %d: assistant message while calls %v have no result", i, keys(open))
			}
			open = map[string]bool{}
			for _, c := range m.ToolCalls {
				if seen[c.ID] {
					t.Errorf("message %d: tool call id %q repeats", i, c.ID)
				}
				if !json.Valid([]byte(c.Function.Arguments)) {
					t.Errorf("message %d: call %s arguments are not JSON: %q", i, c.ID, c.Function.Arguments)
				}
				seen[c.ID], open[c.ID] = true, true
			}
		case "tool":
			if !open[m.ToolCallID] {
				t.Errorf("message %d: tool result for %q answers no open call", i, m.ToolCallID)
			}
			delete(open, m.ToolCallID)
		default:
			if len(open) > 0 {
				t.Errorf("message %d (%s): calls %v have no result", i, m.Role, keys(open))
			}
		}
	}
	if len(open) > 0 {
		t.Errorf("request ends with calls %v unanswered", keys(open))
	}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
