package acp_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/session"
)

// writeTurn creates hello.txt after setting a one-item plan; the write
// needs permission in the default mode.
var writeTurn = map[string]any{"items": []any{
	map[string]any{"text": "I'll write it."},
	map[string]any{"tool_call": map[string]any{"name": "todos", "id": "call_todo",
		"input": map[string]any{"todos": []any{map[string]any{"content": "Write hello.txt", "status": "in_progress"}}}}},
	map[string]any{"tool_call": map[string]any{"name": "write", "id": "call_write",
		"input": map[string]any{"file_path": "hello.txt", "content": "hi\n"}}},
}}

// slowTurn streams a little, then waits long enough to be cancelled.
var slowTurn = map[string]any{"items": []any{
	map[string]any{"text": "Once upon a time"},
	map[string]any{"delay_ms": 600000},
}}

// The whole flow a Go SDK client sees: initialize, new session, a prompt
// whose write asks permission, the answer, ordered updates, a cancel in
// the middle of a turn, and the session loaded again elsewhere.
func TestPromptPermissionCancelAndLoad(t *testing.T) {
	t.Parallel()
	e := newEnv(t, writeTurn, "Wrote hello.txt.", slowTurn)
	c := newTestClient("allow_once")
	conn := e.connect(c)
	init := initialize(t, conn, false)
	caps := init.AgentCapabilities
	if !caps.LoadSession || !caps.PromptCapabilities.Image || !caps.McpCapabilities.Http || init.ProtocolVersion != 1 {
		t.Errorf("capabilities %+v", init)
	}
	sess, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: e.project, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatal(err)
	}
	if sess.Modes == nil || sess.Modes.CurrentModeId != "default" || len(sess.Modes.AvailableModes) < 4 || sess.Models == nil {
		t.Errorf("session state %+v", sess)
	}
	resp, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: sess.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("create hello.txt")}})
	if err != nil || resp.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt: %+v %v", resp, err)
	}
	checkWriteTurn(t, e, c)

	c.reset()
	cancelMidTurn(t, conn, c, sess.SessionId)

	loaded := newTestClient("")
	conn2 := e.connect(loaded)
	initialize(t, conn2, false)
	if _, err := conn2.LoadSession(t.Context(), sdk.LoadSessionRequest{SessionId: sess.SessionId, Cwd: e.project, McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatal(err)
	}
	checkReplay(t, loaded)
	checkStored(t, e, string(sess.SessionId))
}

func checkWriteTurn(t *testing.T, e *env, c *testClient) {
	t.Helper()
	log, updates := c.events()
	assertOrder(t, log, "agent_message_chunk", "tool_call", "plan", "tool_call_update", "request_permission", "tool_call_update", "agent_message_chunk")
	if got, _ := os.ReadFile(filepath.Join(e.project, "hello.txt")); string(got) != "hi\n" {
		t.Errorf("hello.txt = %q", got)
	}
	if len(c.asked) != 1 {
		t.Fatalf("asked %d times", len(c.asked))
	}
	req := c.asked[0]
	if req.ToolCall.ToolCallId != "call_write" || len(req.Options) != 3 || len(req.ToolCall.Content) != 1 ||
		req.ToolCall.Content[0].Diff == nil || req.ToolCall.Content[0].Diff.NewText != "hi\n" {
		t.Errorf("permission request %+v", req)
	}
	if ask := slices.Index(log, "request_permission"); ask < 0 || count(log[:ask], "tool_call") != 2 {
		t.Errorf("the write was not announced before its permission request: %v", log)
	}
	final := lastUpdateOf(updates, "call_write")
	if final == nil || final.Status == nil || *final.Status != sdk.ToolCallStatusCompleted || len(final.Content) != 1 ||
		final.Content[0].Diff == nil || final.Content[0].Diff.Path != filepath.Join(e.project, "hello.txt") {
		t.Errorf("final update of the write %+v", final)
	}
	plan := slices.IndexFunc(updates, func(n sdk.SessionNotification) bool { return n.Update.Plan != nil })
	if p := updates[plan].Update.Plan; len(p.Entries) != 1 || p.Entries[0].Content != "Write hello.txt" || p.Entries[0].Status != sdk.PlanEntryStatusInProgress {
		t.Errorf("plan %+v", p)
	}
	if text := agentText(updates); text != "I'll write it.Wrote hello.txt." {
		t.Errorf("streamed text %q", text)
	}
}

// cancelMidTurn prompts, waits for the first streamed words and cancels.
func cancelMidTurn(t *testing.T, conn *sdk.ClientSideConnection, c *testClient, id sdk.SessionId) {
	t.Helper()
	type result struct {
		resp sdk.PromptResponse
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: id, Prompt: []sdk.ContentBlock{sdk.TextBlock("tell a story")}})
		done <- result{resp, err}
	}()
	for n := range c.notified {
		if m := n.Update.AgentMessageChunk; m != nil && strings.Contains(m.Content.Text.Text, "Once") {
			break
		}
	}
	if err := conn.Cancel(t.Context(), sdk.CancelNotification{SessionId: id}); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-done:
		if r.err != nil || r.resp.StopReason != sdk.StopReasonCancelled {
			t.Errorf("cancelled prompt: %+v %v", r.resp, r.err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the cancelled prompt did not answer")
	}
}

func checkReplay(t *testing.T, c *testClient) {
	t.Helper()
	log, updates := c.events()
	assertOrder(t, log, "user_message_chunk", "agent_message_chunk", "tool_call", "user_message_chunk", "agent_message_chunk", "plan")
	var users []string
	for _, n := range updates {
		if u := n.Update.UserMessageChunk; u != nil {
			users = append(users, u.Content.Text.Text)
		}
	}
	if !slices.Equal(users, []string{"create hello.txt", "tell a story"}) {
		t.Errorf("replayed prompts %q", users)
	}
	if text := agentText(updates); !strings.Contains(text, "Wrote hello.txt.") || !strings.Contains(text, "Once upon a time") {
		t.Errorf("replayed text %q", text)
	}
	var write *sdk.SessionUpdateToolCall
	for _, n := range updates {
		if tc := n.Update.ToolCall; tc != nil && tc.ToolCallId == "call_write" {
			write = tc
		}
	}
	if write == nil || write.Status != sdk.ToolCallStatusCompleted || write.Kind != sdk.ToolKindEdit || len(write.Content) != 1 || write.Content[0].Diff == nil {
		t.Errorf("replayed write %+v", write)
	}
}

// checkStored opens the database as `hone sessions list` does.
func checkStored(t *testing.T, e *env, id string) {
	t.Helper()
	opts := e.appOptions()
	opts.Cwd = e.project
	a, err := app.New(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	st, err := a.Store(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	list, err := st.Sessions.List(t.Context(), session.ListOptions{ProjectDir: e.project})
	if err != nil || len(list) != 1 || list[0].ID != id {
		t.Errorf("stored sessions %+v %v", list, err)
	}
}

// assertOrder checks that want appears in log in this order (other
// entries may come between).
func assertOrder(t *testing.T, log []string, want ...string) {
	t.Helper()
	i := 0
	for _, l := range log {
		if i < len(want) && l == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("updates %v lack %v in order (matched %d)", log, want, i)
	}
}

func lastUpdateOf(updates []sdk.SessionNotification, id sdk.ToolCallId) *sdk.SessionToolCallUpdate {
	var last *sdk.SessionToolCallUpdate
	for _, n := range updates {
		if u := n.Update.ToolCallUpdate; u != nil && u.ToolCallId == id {
			last = u
		}
	}
	return last
}

func agentText(updates []sdk.SessionNotification) string {
	var b strings.Builder
	for _, n := range updates {
		if m := n.Update.AgentMessageChunk; m != nil && m.Content.Text != nil {
			b.WriteString(m.Content.Text.Text)
		}
	}
	return b.String()
}

func count(log []string, kind string) int {
	n := 0
	for _, l := range log {
		if l == kind {
			n++
		}
	}
	return n
}
