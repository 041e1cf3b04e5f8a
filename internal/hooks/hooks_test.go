package hooks

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/sandbox"
	"github.com/honecode/hone/internal/testenv"
)

func script(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func one(event, matcher, command string) config.Hooks {
	return config.Hooks{event: {{Matcher: matcher, Hooks: []config.HookCommand{{Type: "command", Command: command}}}}}
}

func newRunner(t *testing.T, h config.Hooks) *Runner {
	dir := t.TempDir()
	return New(Options{Hooks: h, ProjectDir: dir, Env: []string{"PATH=" + os.Getenv("PATH")}})
}

func bashInput(cmd string) Input {
	in, _ := json.Marshal(map[string]string{"command": cmd})
	return Input{Event: PreToolUse, SessionID: "s1", ToolName: "bash", ToolInput: in, ToolUseID: "c1"}
}

func TestBlockRmScriptBlocksWithStderrForTheModel(t *testing.T) {
	t.Parallel()
	testenv.LookPath(t, "bash")
	r := newRunner(t, one("PreToolUse", "Bash", script(t, "block-rm.sh")))
	o := r.Run(t.Context(), bashInput("cd build && rm -rf out"))
	if !o.Block || o.Decision != "deny" || !strings.Contains(o.Reason, "deleting files with rm is not allowed") {
		t.Fatalf("outcome = %+v", o)
	}
	if o := r.Run(t.Context(), bashInput("ls -la")); o.Block {
		t.Errorf("ls blocked: %+v", o)
	}
	// A matcher for Edit does not run for bash.
	r2 := newRunner(t, one("PreToolUse", "Edit|Write", script(t, "block-rm.sh")))
	if o := r2.Run(t.Context(), bashInput("rm x")); o.Block {
		t.Errorf("Edit|Write matcher ran for bash: %+v", o)
	}
}

func TestPythonHookRewritesInput(t *testing.T) {
	t.Parallel()
	testenv.LookPath(t, "python3")
	r := newRunner(t, one("PreToolUse", "bash", script(t, "python3-only.py")))
	o := r.Run(t.Context(), bashInput("python -c 'print(1)'"))
	var in map[string]string
	if err := json.Unmarshal(o.UpdatedInput, &in); err != nil || in["command"] != "python3 -c 'print(1)'" {
		t.Fatalf("outcome = %+v (%v)", o, err)
	}
	if o.Decision != "allow" || o.Block {
		t.Errorf("decision = %+v", o)
	}
}

func TestStopHookBlocksOnceThenStopHookActiveLetsItStop(t *testing.T) {
	t.Parallel()
	testenv.LookPath(t, "python3")
	r := newRunner(t, one("Stop", "", script(t, "tests-before-stop.py")))
	o := r.Run(t.Context(), Input{Event: Stop, SessionID: "s"})
	if !o.Block || !strings.Contains(o.Reason, "run the tests") {
		t.Fatalf("first stop = %+v", o)
	}
	if o := r.Run(t.Context(), Input{Event: Stop, SessionID: "s", StopHookActive: true}); o.Block {
		t.Errorf("second stop blocked: %+v", o)
	}
}

func TestParallelHooksComposeInConfigOrder(t *testing.T) {
	t.Parallel()
	h := config.Hooks{"PostToolUse": {
		{Matcher: "*", Hooks: []config.HookCommand{
			{Command: `sleep 0.2; echo '{"hookSpecificOutput":{"additionalContext":"first"},"systemMessage":"note one"}'`},
			{Command: `echo '{"hookSpecificOutput":{"additionalContext":"second"}}'`},
		}},
		{Matcher: "mcp__files__.*", Hooks: []config.HookCommand{{Command: `echo '{"decision":"block","reason":"third"}'`}}},
		{Matcher: "Read", Hooks: []config.HookCommand{{Command: "exit 2"}}},
		{Hooks: []config.HookCommand{{Command: "echo oops >&2; exit 1"}, {Command: `echo '{"hookSpecificOutput":{"additionalContext":"second"}}'`}}},
	}}
	r := newRunner(t, h)
	o := r.Run(t.Context(), Input{Event: PostToolUse, ToolName: "mcp_files_read", ToolResponse: "x"})
	if strings.Join(o.Context, ",") != "first,second" {
		t.Errorf("context = %q (duplicate command must run once)", o.Context)
	}
	if !o.Block || o.Reason != "third" {
		t.Errorf("block = %v %q", o.Block, o.Reason)
	}
	if len(o.Messages) != 2 || o.Messages[0] != "note one" || !strings.Contains(o.Messages[1], "failed (exit status 1): oops") {
		t.Errorf("messages = %q", o.Messages)
	}
}

func TestInputFieldsEnvironmentAndTranscript(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "got.json")
	cmd := `cat > ` + out + `; echo "$HONE_PROJECT_DIR|$CLAUDE_PROJECT_DIR|$SECRET" > ` + out + `.env`
	msgs := fakeLister{{ID: "m1", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("hello")}, Status: message.StatusDone},
		{ID: "m2", Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartToolCall, ToolCallID: "c1", ToolName: "bash", Input: `{"command":"ls"}`}}, Status: message.StatusDone}}
	env := sandbox.Environ([]string{"PATH=" + os.Getenv("PATH"), "SECRET=leak"}, nil)
	r := New(Options{Hooks: one("UserPromptSubmit", "", cmd), ProjectDir: dir, Env: env,
		Transcript: TranscriptFiles(filepath.Join(dir, "transcripts"), dir, msgs)})
	r.Run(context.Background(), Input{Event: UserPromptSubmit, SessionID: "s1", Prompt: "do it", PermissionMode: "accept-edits"})
	var got map[string]any
	data, _ := os.ReadFile(out)
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("stdin %q: %v", data, err)
	}
	for k, v := range map[string]any{"session_id": "s1", "cwd": dir, "permission_mode": "acceptEdits", "hook_event_name": "UserPromptSubmit", "prompt": "do it"} {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	gotEnv, _ := os.ReadFile(out + ".env")
	if strings.TrimSpace(string(gotEnv)) != dir+"|"+dir+"|" {
		t.Errorf("environment = %q (only allowlisted variables pass)", gotEnv)
	}
	tr, err := os.ReadFile(got["transcript_path"].(string))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(tr)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"type":"user"`) || !strings.Contains(lines[1], `"name":"Bash"`) {
		t.Errorf("transcript = %s", tr)
	}
}

type fakeLister []message.Message

func (f fakeLister) List(context.Context, string) ([]message.Message, error) { return f, nil }

func TestTimeoutKillsAHangingHook(t *testing.T) {
	t.Parallel()
	h := config.Hooks{"Notification": {{Hooks: []config.HookCommand{{Command: "sleep 30", Timeout: 1}}}}}
	o := newRunner(t, h).Run(t.Context(), Input{Event: Notification, Message: "x"})
	if len(o.Messages) != 1 || !strings.Contains(o.Messages[0], "stopped after 1s") {
		t.Errorf("messages = %q", o.Messages)
	}
}

func TestOutcomeDecisions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		ev       Event
		outs     []string
		decision string
		block    bool
	}{
		{PreToolUse, []string{`{"hookSpecificOutput":{"permissionDecision":"allow"}}`, `{"hookSpecificOutput":{"permissionDecision":"ask"}}`}, "ask", false},
		{PreToolUse, []string{`{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`, `{"decision":"approve"}`}, "deny", true},
		{PreToolUse, []string{`{"decision":"block","reason":"old style"}`}, "deny", true},
		{PermissionRequest, []string{`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`}, "allow", false},
		{UserPromptSubmit, []string{`{"decision":"block","reason":"r"}`}, "", true},
		{UserPromptSubmit, []string{"plain context"}, "", false},
	}
	for i, c := range cases {
		var o Outcome
		for _, out := range c.outs {
			o.add(c.ev, result{stdout: []byte(out)})
		}
		if o.Decision != c.decision || o.Block != c.block {
			t.Errorf("case %d: outcome %+v", i, o)
		}
	}
	var o Outcome
	o.add(UserPromptSubmit, result{stdout: []byte(`{"continue": false, "stopReason": "maintenance"}`)})
	if !o.Halt || o.HaltReason != "maintenance" {
		t.Errorf("continue false = %+v", o)
	}
}

func TestClaudeToolNames(t *testing.T) {
	t.Parallel()
	for hone, claude := range map[string]string{"bash": "Bash", "view": "Read", "agent": "Task", "mcp_github_create_issue": "mcp__github__create_issue", "diagnostics": "diagnostics"} {
		if got := ClaudeToolName(hone); got != claude {
			t.Errorf("ClaudeToolName(%s) = %s, want %s", hone, got, claude)
		}
	}
}

func TestHoneRule(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"Bash(git add:*)": "bash(git add*)", "Read": "view", "Edit(src/**)": "edit(src/**)",
		"mcp__github__create_issue": "mcp_github_create_issue", "bash(go test*)": "bash(go test*)"} {
		if got := HoneRule(in); got != want {
			t.Errorf("HoneRule(%q) = %q, want %q", in, got, want)
		}
	}
}
