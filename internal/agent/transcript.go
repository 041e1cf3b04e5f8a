package agent

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tools"
)

// Limits of the transcript a summary is written from.
const (
	transcriptResultChars = 2000
	transcriptInputChars  = 1000
)

// transcript renders the history as plain text for a side request (a
// request without tools may not carry tool blocks). Tool results and
// arguments are abbreviated; when the text exceeds limit characters, the
// middle is cut, keeping the beginning (the task) and the end (the state).
func transcript(hist []message.Message, todos []tools.Todo, limit int) string {
	var b strings.Builder
	for _, m := range hist {
		writeMessage(&b, m)
	}
	if len(todos) > 0 {
		b.WriteString("[current todo list]\n")
		for _, td := range todos {
			fmt.Fprintf(&b, "- [%s] %s\n", td.Status, td.Content)
		}
	}
	s := b.String()
	if limit > 0 && len(s) > limit {
		head := limit / 4
		tail := limit - head
		s = cutUTF8(s, head) + "\n[… earlier part of the conversation left out …]\n" + tailUTF8(s, tail)
	}
	return s
}

func writeMessage(b *strings.Builder, m message.Message) {
	switch {
	case m.IsSummary:
		b.WriteString("[summary of the conversation before this point]\n")
	case m.Role == llm.RoleUser:
		b.WriteString("[user]\n")
	case m.Role == llm.RoleAssistant:
		b.WriteString("[assistant]\n")
	}
	for _, p := range m.Parts {
		switch p.Type {
		case llm.PartText:
			b.WriteString(p.Text)
			b.WriteString("\n")
		case llm.PartImage:
			b.WriteString("[image]\n")
		case llm.PartToolCall:
			fmt.Fprintf(b, "[tool call %s] %s\n", p.ToolName, clip(p.Input, transcriptInputChars))
		case llm.PartToolResult:
			status := ""
			if p.IsError {
				status = " (error)"
			}
			fmt.Fprintf(b, "[tool result %s%s]\n%s\n", p.ToolName, status, clip(p.Text, transcriptResultChars))
		}
	}
	b.WriteString("\n")
}

// clip shortens s to about n bytes, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return cutUTF8(s, n) + fmt.Sprintf(" […%d more characters]", len(s)-n)
}

// cutUTF8 returns at most the first n bytes of s, not splitting a rune.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// tailUTF8 returns at most the last n bytes of s, not splitting a rune.
func tailUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}
