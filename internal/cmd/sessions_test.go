package cmd

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/history"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// newTestStore opens a store over a fresh database.
func newTestStore(t *testing.T) *app.Store { return newBenchStore(t) }

// newBenchStore is newTestStore for tests and benchmarks.
func newBenchStore(t testing.TB) *app.Store {
	t.Helper()
	sqldb, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "hone.db"))
	if err != nil {
		t.Fatal(err)
	}
	st := &app.Store{
		DB:       sqldb,
		Sessions: session.NewService(sqldb),
		Messages: message.NewService(sqldb, message.Options{}),
		History:  history.NewService(sqldb),
	}
	t.Cleanup(func() {
		_ = st.Messages.Close()
		_ = sqldb.Close()
	})
	return st
}

// projectDir returns a fresh project directory in canonical form.
func projectDir(t *testing.T) string {
	t.Helper()
	dir, err := session.CanonicalDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// seedConversation stores a session in dir with a small tool-using
// conversation and its trace.
func seedConversation(t *testing.T, st *app.Store, dir, title string) session.Session {
	t.Helper()
	ctx := context.Background()
	s, err := st.Sessions.Create(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Sessions.SetTitle(ctx, s.ID, title); err != nil {
		t.Fatal(err)
	}
	msgs := []message.Message{
		{Role: llm.RoleUser, Parts: []llm.Part{llm.Text("Why does the parser fail?")}},
		{Role: llm.RoleAssistant, Provider: "work", Model: "claude-x", FinishReason: llm.FinishToolUse, Parts: []llm.Part{
			{Type: llm.PartReasoning, Text: "Look at parser.go first."},
			llm.Text("Let me read the parser."),
			{Type: llm.PartToolCall, ToolCallID: "call-1", ToolName: "view", Input: `{"file_path":"parser.go"}`},
			{Type: llm.PartToolCall, ToolCallID: "call-2", ToolName: "bash", Input: `{"command":"go test ./..."}`},
		}},
		{Role: llm.RoleTool, Parts: []llm.Part{
			llm.ToolResult("call-1", "view", "package parser\n```go\nfunc Parse() {}\n```", false),
			llm.ToolResult("call-2", "bash", "exit status 1: undefined: Lexer", true),
		}},
		{Role: llm.RoleAssistant, Provider: "work", Model: "claude-x", FinishReason: llm.FinishStop, Parts: []llm.Part{
			llm.Text("The Lexer type is missing."),
		}},
	}
	for _, m := range msgs {
		m.SessionID = s.ID
		if _, err := st.Messages.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	_, err = st.Sessions.AddTurn(ctx, session.Turn{SessionID: s.ID, Provider: "work", Model: "claude-x",
		Failovers: []string{"backup/model-y: rate_limit"}, LatencyMS: 2500, TTFTMS: 400,
		InputTokens: 1200, OutputTokens: 80, FinishReason: "tool_use"})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Sessions.AddUsage(ctx, s.ID, llm.Usage{Input: 1200, Output: 80}, 0.0123, 1280); err != nil {
		t.Fatal(err)
	}
	s, err = st.Sessions.Get(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testIO returns an IO over buffers, stdin reading in.
func testIO(in string) (IO, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	return IO{In: strings.NewReader(in), Out: &out, Err: &errOut}, &out, &errOut
}

// wantContains fails unless s holds every piece.
func wantContains(t *testing.T, s string, pieces ...string) {
	t.Helper()
	for _, p := range pieces {
		if !strings.Contains(s, p) {
			t.Errorf("output lacks %q:\n%s", p, s)
		}
	}
}
