package session

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// WriteMarkdown renders the session for people (`hone sessions export -f
// markdown`, the TUI's /export): headings per message, tool calls and
// results in fenced blocks.
func (e Export) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	s := e.Session
	title := s.Title
	if title == "" {
		title = "(untitled)"
	}
	fmt.Fprintf(&b, "# %s\n\n", title)
	fmt.Fprintf(&b, "- Session: `%s`\n- Project: `%s`\n", s.ID, s.ProjectDir)
	fmt.Fprintf(&b, "- Created: %s, updated: %s\n", FormatMillis(s.CreatedAt), FormatMillis(s.UpdatedAt))
	fmt.Fprintf(&b, "- Usage: %s in · %s out · %s cache read · %s cache write · $%.4f\n",
		FormatCount(s.InputTokens), FormatCount(s.OutputTokens),
		FormatCount(s.CacheReadTokens), FormatCount(s.CacheWriteTokens), s.Cost)
	for _, m := range e.Messages {
		markdownMessage(&b, m)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func markdownMessage(b *strings.Builder, m message.Message) {
	heading := map[llm.Role]string{llm.RoleUser: "User", llm.RoleAssistant: "Assistant", llm.RoleTool: "Tool"}[m.Role]
	if heading == "" {
		heading = string(m.Role)
	}
	if m.IsSummary {
		heading += " (summary)"
	}
	if m.Model != "" {
		heading += fmt.Sprintf(" — %s/%s", m.Provider, m.Model)
	}
	fmt.Fprintf(b, "\n## %s\n", heading)
	for _, p := range m.Parts {
		markdownPart(b, p)
	}
}

func markdownPart(b *strings.Builder, p llm.Part) {
	switch p.Type {
	case llm.PartText:
		fmt.Fprintf(b, "\n%s\n", strings.TrimRight(p.Text, "\n"))
	case llm.PartReasoning:
		if p.Text != "" {
			fmt.Fprintf(b, "\n> **Thinking:** %s\n", strings.ReplaceAll(strings.TrimRight(p.Text, "\n"), "\n", "\n> "))
		}
	case llm.PartImage:
		fmt.Fprintf(b, "\n*[image %s, %d bytes]*\n", p.MediaType, len(p.Data))
	case llm.PartToolCall:
		fmt.Fprintf(b, "\n**Tool call** `%s` (`%s`):\n\n%s", p.ToolName, p.ToolCallID, fenced("json", p.Input))
	case llm.PartToolResult:
		label := "Result"
		if p.IsError {
			label = "Error"
		}
		fmt.Fprintf(b, "\n**%s** of `%s` (`%s`):\n\n%s", label, p.ToolName, p.ToolCallID, fenced("", p.Text))
	case llm.PartFinish:
		if p.Text != "" {
			fmt.Fprintf(b, "\n*Finished (%s): %s*\n", p.Reason, p.Text)
		}
	}
}

// fenced wraps s in a code fence longer than any backtick run inside it.
func fenced(lang, s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	return fence + lang + "\n" + strings.TrimRight(s, "\n") + "\n" + fence + "\n"
}

// FormatMillis formats a unix-ms timestamp in local time ("-" for 0), as
// exports and `hone sessions` print it.
func FormatMillis(ms int64) string {
	if ms == 0 {
		return "-"
	}
	return time.UnixMilli(ms).Local().Format("2006-01-02 15:04")
}

// FormatCount abbreviates a token count: 950, 12.3k, 4.1M.
func FormatCount(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}
