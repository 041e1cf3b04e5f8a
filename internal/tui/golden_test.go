package tui_test

import (
	"fmt"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

// resumed is a finished session with a tool call, opened with -C.
func resumed() *tuitest.Fake {
	fake := tuitest.NewFake()
	res := llm.ToolResult("c1", "glob", "a.go\nb.go", false)
	res.Meta = []byte(`{"kind":"list","title":"2 files","body":"a.go\nb.go"}`)
	fake.AddSession(session.Session{ID: "s1", Title: "List the Go files", UpdatedAt: 5, InputTokens: 1200, OutputTokens: 80, ContextTokens: 1280, Cost: 0.01,
		Todos: []tools.Todo{{Content: "list files", Status: "completed"}}},
		message.Message{ID: "u", SessionID: "s1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("Which Go files are there?")}},
		message.Message{ID: "a", SessionID: "s1", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{
			llm.Text("Let me look."), {Type: llm.PartToolCall, ToolCallID: "c1", ToolName: "glob", Input: `{"pattern":"*.go"}`}}},
		message.Message{ID: "t", SessionID: "s1", Role: llm.RoleTool, Status: message.StatusDone, Parts: []llm.Part{res}},
		message.Message{ID: "a2", SessionID: "s1", Role: llm.RoleAssistant, Status: message.StatusDone, Parts: []llm.Part{
			llm.Text("There are **two**: `a.go` and `b.go`.")}},
	)
	fake.SetFileChanges("s1", []tui.FileChange{{Path: "a.go", Added: 3, Removed: 1}})
	return fake
}

func TestGoldenScreen(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{40, 20}, {80, 24}, {120, 40}} {
		t.Run(fmt.Sprint(sz[0]), func(t *testing.T) {
			t.Parallel()
			h := startSize(t, resumed(), tui.Options{Continue: true}, sz[0], sz[1])
			h.WaitFor(t, "Which Go", "b.go")
			if sz[0] >= 100 {
				h.WaitFor(t, "a.go +3 -1", "model fake/large", "context 1% of 200k")
			}
			golden.Assert(t, fmt.Sprintf("screen_%d", sz[0]), h.Screen())
		})
	}
}
