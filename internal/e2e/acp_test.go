package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// acpSDK is the directory of the official TypeScript ACP SDK, installed
// globally by .ci/run (required in CI, skipped elsewhere).
func acpSDK(t *testing.T) string {
	t.Helper()
	npm := testenv.LookPath(t, "npm")
	out, err := exec.Command(npm, "root", "-g").Output()
	if err != nil {
		t.Fatalf("npm root -g: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "@agentclientprotocol", "sdk")
	if _, err := os.Stat(filepath.Join(dir, "package.json")); err != nil {
		if testenv.InCI() {
			t.Fatalf("@agentclientprotocol/sdk is not installed; .ci/run must install it")
		}
		t.Skip("@agentclientprotocol/sdk not installed")
	}
	return dir
}

// acpEntry is one update or permission request the TypeScript client saw.
type acpEntry struct {
	Kind     string   `json:"kind"`
	Text     string   `json:"text"`
	ID       string   `json:"id"`
	Status   string   `json:"status"`
	ToolKind string   `json:"toolKind"`
	Reason   string   `json:"reason"`
	Entries  []string `json:"entries"`
	Options  []string `json:"options"`
	Diff     []any    `json:"diff"`
}

// The official TypeScript client drives `hone acp`: a permission prompt
// answered in the editor, ordered updates, a cancel mid-turn and the
// session loaded again; the session is then a normal Hone session.
func TestACPWithTheTypeScriptClient(t *testing.T) {
	t.Parallel()
	node := testenv.LookPath(t, "node")
	sdk := acpSDK(t)
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(text("I'll write it."),
			toolCall("call_todo", "todos", map[string]any{"todos": []any{map[string]any{"content": "Write hello.txt", "status": "in_progress"}}}),
			toolCall("call_write", "write", map[string]any{"file_path": "hello.txt", "content": "hi\n"})),
		"Wrote hello.txt.",
		turn(text("Once upon a time"), map[string]any{"delay_ms": 600000}),
	}})
	ctx, cancel := context.WithTimeout(t.Context(), runTimeout)
	defer cancel()
	args := append([]string{filepath.Join("testdata", "acp_client.mjs"), sdk, e.project, honeBin}, e.args(nil)...)
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Env = e.environ()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node client: %v\n%s", err, stderr.String())
	}
	var got struct {
		Init      map[string]any `json:"init"`
		SessionID string         `json:"sessionId"`
		Log       []acpEntry     `json:"log"`
		ExitCode  int            `json:"exitCode"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("client output %q: %v", out, err)
	}
	checkACPLog(t, got.Log)
	if got.ExitCode != 0 || got.Init["protocolVersion"] != 1.0 {
		t.Errorf("exit %d, initialize %v\n%s", got.ExitCode, got.Init, stderr.String())
	}
	if e.readProjectFile("hello.txt") != "hi\n" {
		t.Errorf("hello.txt = %q", e.readProjectFile("hello.txt"))
	}
	list := e.mustRun(0, "sessions", "list", "--json")
	mustContain(t, "sessions list", list.stdout, got.SessionID)
}

// checkACPLog checks the order of what the client saw.
func checkACPLog(t *testing.T, log []acpEntry) {
	t.Helper()
	var seq []string
	for _, e := range log {
		s := e.Kind
		switch e.Kind {
		case "tool_call", "tool_call_update", "request_permission":
			s += ":" + e.ID + ":" + e.Status
		case "stop":
			s += ":" + e.Reason
		case "session_info_update":
			continue // the title arrives whenever it is ready
		}
		seq = append(seq, s)
	}
	want := []string{
		"agent_message_chunk", "tool_call:call_todo:pending", "tool_call:call_write:pending",
		"tool_call_update:call_todo:in_progress", "plan", "tool_call_update:call_todo:completed",
		"tool_call_update:call_write:in_progress", "request_permission:call_write:",
		"tool_call_update:call_write:completed", "agent_message_chunk", "stop:end_turn",
		"agent_message_chunk", "stop:cancelled", "load",
		"user_message_chunk", "agent_message_chunk", "tool_call:call_todo:completed", "tool_call:call_write:completed",
		"agent_message_chunk", "user_message_chunk", "agent_message_chunk", "plan",
	}
	if strings.Join(seq, " ") != strings.Join(want, " ") {
		t.Errorf("updates:\n got  %v\n want %v", seq, want)
	}
	for _, e := range log {
		if e.Kind == "request_permission" && strings.Join(e.Options, ",") != "allow_once:allow_once,allow_session:allow_always,deny:reject_once" {
			t.Errorf("permission options %v", e.Options)
		}
	}
}
