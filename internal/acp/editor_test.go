package acp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

// With fs methods offered, the file tools read the editor's unsaved
// buffer and write through the editor; in plan mode a write is refused
// without asking.
func TestEditorBuffersAndPlanMode(t *testing.T) {
	t.Parallel()
	call := func(id, name string, input map[string]any) map[string]any {
		return map[string]any{"items": []any{map[string]any{"tool_call": map[string]any{"id": id, "name": name, "input": input}}}}
	}
	e := newEnv(t,
		call("v", "view", map[string]any{"file_path": "notes.txt"}),
		call("ed", "edit", map[string]any{"file_path": "notes.txt", "old_string": "unsaved", "new_string": "edited"}),
		"Done.",
		call("w", "write", map[string]any{"file_path": "x.txt", "content": "x"}),
		"Plan mode refused it.",
	)
	notes := filepath.Join(e.project, "notes.txt")
	if err := os.WriteFile(notes, []byte("on disk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newTestClient("allow_session")
	c.buffers[notes] = "unsaved buffer\n"
	conn := e.connect(c)
	initialize(t, conn, true)
	sess, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: e.project, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatal(err)
	}
	prompt := func(text string) {
		t.Helper()
		if r, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: sess.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock(text)}}); err != nil || r.StopReason != sdk.StopReasonEndTurn {
			t.Fatalf("prompt %q: %+v %v", text, r, err)
		}
	}
	prompt("fix the notes")
	_, updates := c.events()
	view := lastUpdateOf(updates, "v")
	if view == nil || len(view.Content) == 0 || !strings.Contains(view.Content[0].Content.Content.Text.Text, "unsaved buffer") {
		t.Errorf("view did not read the buffer: %+v", view)
	}
	if c.written[notes] != "edited buffer\n" {
		t.Errorf("written through the editor: %q", c.written)
	}
	if b, _ := os.ReadFile(notes); string(b) != "on disk\n" {
		t.Errorf("disk changed behind the editor: %q", b)
	}

	if _, err := conn.SetSessionConfigOption(t.Context(), sdk.SetSessionConfigOptionRequest{ValueId: &sdk.SetSessionConfigOptionValueId{
		SessionId: sess.SessionId, ConfigId: "mode", Value: "plan"}}); err != nil {
		t.Fatal(err)
	}
	c.reset()
	prompt("write x.txt")
	log, updates := c.events()
	assertOrder(t, log, "tool_call", "tool_call_update", "agent_message_chunk")
	if w := lastUpdateOf(updates, "w"); w == nil || w.Status == nil || *w.Status != sdk.ToolCallStatusFailed {
		t.Errorf("write in plan mode: %+v", w)
	}
	if len(c.asked) != 0 {
		t.Errorf("plan mode asked: %+v", c.asked)
	}
	if _, err := os.Stat(filepath.Join(e.project, "x.txt")); err == nil {
		t.Error("plan mode wrote x.txt")
	}
	if _, err := conn.SetSessionMode(t.Context(), sdk.SetSessionModeRequest{SessionId: sess.SessionId, ModeId: "loose"}); err == nil {
		t.Error("an unknown mode was accepted")
	}
	if _, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: "nope", Prompt: []sdk.ContentBlock{sdk.TextBlock("x")}}); err == nil {
		t.Error("a prompt to an unknown session was accepted")
	}
}
