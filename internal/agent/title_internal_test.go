package agent

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tools"
)

func TestCleanTitle(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Fix login bug":                  "Fix login bug",
		"\n\n\"Refactor the parser.\"\n": "Refactor the parser",
		"# Title: **Add tests**":         "Add tests",
		"  `go vet` warnings (unused)":   "go vet` warnings (unused)",
		"":                               "",
		strings.Repeat("word ", 40):      strings.TrimSpace(strings.Repeat("word ", 16)) + "…",
	} {
		if got := cleanTitle(in); got != want {
			t.Errorf("cleanTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTranscriptCutsTheMiddle(t *testing.T) {
	t.Parallel()
	hist := []message.Message{
		{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("the task: make it fast")}},
		{Role: llm.RoleAssistant, Parts: []llm.Part{llm.ToolCallPart("a", "view", `{"file_path":"x"}`)}},
		{Role: llm.RoleTool, Parts: []llm.Part{llm.ToolResult("a", "view", strings.Repeat("é", 5000), false)}},
		{Role: llm.RoleAssistant, Parts: []llm.Part{llm.Text("the latest state")}},
	}
	got := transcript(hist, []tools.Todo{{Content: "profile", Status: "pending"}}, 1000)
	if len(got) > 1100 || !strings.Contains(got, "the task") || !strings.Contains(got, "[pending] profile") || !strings.Contains(got, "left out") {
		t.Errorf("transcript (%d bytes):\n%s", len(got), got)
	}
	if !strings.Contains(transcript(hist, nil, 0), "more characters]") {
		t.Error("long tool result not clipped")
	}
}
