package chat

import (
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// LastAnswer is the text of the latest assistant message that has text
// ("" when none), as the model wrote it (markdown).
func (m *Model) LastAnswer() string {
	for i := len(m.items) - 1; i >= 0; i-- {
		it := m.items[i]
		if it.kind != kindAssistant {
			continue
		}
		if t := messageText(it.msg.Parts); t != "" {
			return t
		}
	}
	return ""
}

// LastCodeBlock is the body of the last fenced code block of the latest
// answer that has one ("" when none).
func (m *Model) LastCodeBlock() string {
	for i := len(m.items) - 1; i >= 0; i-- {
		it := m.items[i]
		if it.kind != kindAssistant {
			continue
		}
		if blocks := CodeBlocks(messageText(it.msg.Parts)); len(blocks) > 0 {
			return blocks[len(blocks)-1]
		}
	}
	return ""
}

// SelectedText is what copying the selected block gives: a tool call's
// result (or its input while it has none), a reasoning block's text, or
// the text of the message that holds the selection; "" with no selection.
func (m *Model) SelectedText() string {
	it := m.owner(m.sel)
	if it == nil {
		return ""
	}
	if r, ok := m.results[m.sel]; ok {
		return r.Text
	}
	for i, p := range it.msg.Parts {
		switch {
		case p.Type == llm.PartToolCall && p.ToolCallID == m.sel:
			return p.Input
		case p.Type == llm.PartReasoning && reasoningKey(it.msg.ID, i) == m.sel:
			return p.Text
		}
	}
	return messageText(it.msg.Parts)
}

// messageText joins a message's text parts.
func messageText(parts []llm.Part) string {
	var texts []string
	for _, p := range parts {
		if p.Type == llm.PartText && strings.TrimSpace(p.Text) != "" {
			texts = append(texts, strings.TrimSpace(p.Text))
		}
	}
	return strings.Join(texts, "\n\n")
}

// CodeBlocks returns the bodies of the fenced code blocks (``` or ~~~)
// of a markdown text, in order.
func CodeBlocks(md string) []string {
	var blocks []string
	var cur []string
	fence := ""
	for _, line := range strings.Split(md, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			fence, cur = trimmed[:3], nil
		case fence != "" && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "":
			blocks = append(blocks, strings.Join(cur, "\n"))
			fence = ""
		case fence != "":
			cur = append(cur, line)
		}
	}
	return blocks
}
