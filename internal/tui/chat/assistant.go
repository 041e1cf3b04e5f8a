package chat

import (
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tui/toolview"
)

// renderAssistant draws the parts of an assistant message in order:
// reasoning folds, markdown text, tool calls with their results, and how
// the message ended when that is worth saying.
func (m *Model) renderAssistant(it *item) []string {
	lines := []string{""}
	prev := llm.PartType("")
	streaming := it.msg.Status == message.StatusStreaming
	finished := false
	for i, p := range it.msg.Parts {
		var part []string
		switch p.Type {
		case llm.PartReasoning:
			part = m.reasoningLines(it, i, streaming && i == len(it.msg.Parts)-1)
		case llm.PartText:
			part = m.textLines(it, i, p.Text)
		case llm.PartToolCall:
			it.foldLine[p.ToolCallID] = len(lines)
			if prev != "" && prev != llm.PartToolCall {
				lines = append(lines, "")
				it.foldLine[p.ToolCallID]++
			}
			lines = append(lines, m.callLines(p)...)
			prev = p.Type
			continue
		case llm.PartImage:
			part = []string{gutter + m.theme.Muted.Render("image · "+p.MediaType)}
		case llm.PartFinish:
			finished = true
			part = m.finishLines(p.Reason, p.Text, it.hint)
		}
		if len(part) == 0 {
			continue
		}
		if prev != "" {
			lines = append(lines, "")
		}
		if p.Type == llm.PartReasoning {
			it.foldLine[reasoningKey(it.msg.ID, i)] = len(lines)
		}
		lines = append(lines, part...)
		prev = p.Type
	}
	return append(lines, m.statusLines(it, prev == "", finished)...)
}

// statusLines says that a message is still being written, was cut short
// by a crash, or ended in a way the parts did not already tell.
func (m *Model) statusLines(it *item, empty, finished bool) []string {
	switch {
	case it.msg.Status == message.StatusStreaming && m.busy:
		if empty {
			return []string{gutter + m.theme.Info.Render(m.spinner()) + m.theme.Muted.Render(" working…")}
		}
		return nil
	case it.msg.Status == message.StatusStreaming:
		return []string{"", gutter + m.theme.Warning.Render("⊘ interrupted: this turn did not finish")}
	case !finished:
		lines := m.finishLines(it.msg.FinishReason, "", it.hint)
		if len(lines) > 0 {
			return append([]string{""}, lines...)
		}
	}
	return nil
}

func (m *Model) textLines(it *item, i int, text string) []string {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	rendered := it.doc(i).Render(m.md, text, m.contentWidth())
	out := make([]string, len(rendered))
	for j, ln := range rendered {
		out[j] = gutter + ln
	}
	return out
}

func (m *Model) reasoningLines(it *item, i int, writing bool) []string {
	text := strings.TrimSpace(it.msg.Parts[i].Text)
	if text == "" {
		return nil
	}
	t := m.theme
	if writing && m.busy {
		return []string{gutter + t.Info.Render(m.spinner()) + t.Reasoning.Render(" Thinking…")}
	}
	key := reasoningKey(it.msg.ID, i)
	body := wrap(text, m.contentWidth()-2)
	if !m.expanded[key] {
		return []string{gutter + t.Reasoning.Render("▸ Thinking · "+plural(len(body), "line"))}
	}
	out := []string{gutter + t.Reasoning.Render("▾ Thinking")}
	for _, ln := range body {
		out = append(out, gutter+"  "+t.Reasoning.Render(ln))
	}
	return out
}

func (m *Model) callLines(p llm.Part) []string {
	c := toolview.Call{Part: p}
	if r, ok := m.results[p.ToolCallID]; ok {
		c.Result = &r
	}
	c.State = toolview.StateOf(c.Result, m.busy, m.started[p.ToolCallID])
	rendered := toolview.Render(m.theme, c, toolview.Options{
		Width:    m.contentWidth(),
		Expanded: m.expanded[p.ToolCallID],
		Spinner:  m.spinner(),
	})
	for j, ln := range rendered {
		rendered[j] = gutter + ln
	}
	return rendered
}

// finishLines marks messages that ended other than normally.
func (m *Model) finishLines(reason llm.FinishReason, text, hint string) []string {
	t := m.theme
	if hint != "" {
		hint = " · " + hint
	}
	switch reason {
	case llm.FinishCanceled:
		return []string{gutter + t.Warning.Render("⊘ cancelled")}
	case llm.FinishError, llm.FinishOutputTooLarge:
		if text == "" {
			text = "the model call failed"
		}
		var out []string
		for i, ln := range wrap("error: "+text+hint, m.contentWidth()-2) {
			mark := "  "
			if i == 0 {
				mark = "✗ "
			}
			out = append(out, gutter+t.Error.Render(mark+ln))
		}
		return out
	case llm.FinishMaxTokens:
		return []string{gutter + t.Warning.Render("! stopped at the output token limit")}
	case llm.FinishContentFilter:
		return []string{gutter + t.Warning.Render("! stopped by the provider's content filter")}
	}
	return nil
}

// plural formats a count with its noun: "1 line", "3 lines".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
