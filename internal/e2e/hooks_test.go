package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// The tests of this file drive hooks (docs/extending.md) through
// `hone run`, with the hook scripts of internal/hooks/testdata: bash
// without jq and python3, written the way people write them for Claude
// Code.

// hookScript is the absolute path of a test hook script.
func hookScript(t testing.TB, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "hooks", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// hookEntry is one matcher entry of a hooks config.
func hookEntry(matcher string, commands ...string) map[string]any {
	var hs []any
	for _, c := range commands {
		hs = append(hs, map[string]any{"type": "command", "command": c})
	}
	return map[string]any{"matcher": matcher, "hooks": hs}
}

// withHooks adds a hooks section (event → entries) to the --config file.
func (e *env) withHooks(hooks map[string][]any) {
	e.addConfig(map[string]any{"hooks": hooks})
}

// hookEvents reads what log-event.sh recorded in the project.
func (e *env) hookEvents() []map[string]any {
	e.t.Helper()
	var out []map[string]any
	for _, ln := range strings.Split(e.readProjectFile(".hook-events.jsonl"), "\n") {
		if strings.TrimSpace(ln) == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(ln), &m); err != nil {
			e.t.Fatalf("hook event %q: %v", ln, err)
		}
		out = append(out, m)
	}
	return out
}

func shellCall(id, command string) call {
	args, _ := json.Marshal(map[string]string{"command": command})
	return call{id: id, name: "bash", args: string(args)}
}

func TestPreToolUseHookBlocksRm(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{calls: []call{shellCall("c1", "rm -rf build")}}, reply{text: "I left build alone."})
	e.useServer(srv.URL())
	e.withHooks(map[string][]any{"PreToolUse": {hookEntry("Bash", hookScript(t, "block-rm.sh"))}})
	if err := os.MkdirAll(e.projectFile("build"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := e.mustRun(5, "run", "--yolo", "clean the build")
	if !fileExists(e.projectFile("build")) {
		t.Fatal("the rm the hook blocked ran")
	}
	res, ok := srv.MainRequests()[1].Body.toolResult("c1")
	if !ok || !strings.Contains(res.Text(), "Blocked by a PreToolUse hook: Blocked by block-rm.sh: deleting files with rm is not allowed") {
		t.Errorf("tool result = %q\n%s", res.Text(), r)
	}
}

func TestPreToolUseHookRewritesCommandAndAllowsIt(t *testing.T) {
	t.Parallel()
	testenv.LookPath(t, "python3")
	e := newEnv(t)
	srv := serveReplies(t, reply{calls: []call{shellCall("c1", "python -c 'print(6*7)'")}}, reply{text: "It is 42."})
	e.useServer(srv.URL())
	e.withHooks(map[string][]any{
		"PreToolUse":  {hookEntry("Bash", "python3 "+hookScript(t, "python3-only.py"))},
		"PostToolUse": {hookEntry("*", hookScript(t, "log-event.sh"))},
	})
	// --yolo: the OS sandbox would hide a pyenv-managed python3 (the
	// hook's "allow" itself is tested in internal/permission).
	r := e.mustRun(0, "run", "--yolo", "compute")
	res, _ := srv.MainRequests()[1].Body.toolResult("c1")
	if !strings.Contains(res.Text(), "42") {
		t.Fatalf("tool result = %q\n%s", res.Text(), r)
	}
	evs := e.hookEvents()
	if len(evs) != 1 {
		t.Fatalf("events = %v", evs)
	}
	in, _ := evs[0]["tool_input"].(map[string]any)
	if evs[0]["tool_name"] != "Bash" || in["command"] != "python3 -c 'print(6*7)'" {
		t.Errorf("PostToolUse saw %v", evs[0])
	}
}

func TestPostToolUseHookAddsContext(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	args, _ := json.Marshal(map[string]string{"file_path": "main.go", "content": "package main\n"})
	srv := serveReplies(t, reply{calls: []call{{id: "w1", name: "write", args: string(args)}}}, reply{text: "Written."})
	e.useServer(srv.URL())
	e.withHooks(map[string][]any{"PostToolUse": {hookEntry("Edit|Write", hookScript(t, "gofmt-reminder.sh"))}})
	e.mustRun(0, "run", "--yolo", "write main.go")
	res, _ := srv.MainRequests()[1].Body.toolResult("w1")
	if !strings.Contains(res.Text(), "Reminder from gofmt-reminder.sh: run gofmt") {
		t.Errorf("tool result = %q", res.Text())
	}
}

func TestStopHookContinuesOnceThenStops(t *testing.T) {
	t.Parallel()
	testenv.LookPath(t, "python3")
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "All done."}, reply{text: "Tests pass: 12 of 12."})
	e.useServer(srv.URL())
	e.withHooks(map[string][]any{"Stop": {hookEntry("", "python3 "+hookScript(t, "tests-before-stop.py"), hookScript(t, "log-event.sh"))}})
	r := e.mustRun(0, "run", "fix it")
	if !strings.Contains(r.stdout, "Tests pass: 12 of 12.") || len(srv.MainRequests()) != 2 {
		t.Fatalf("want one continuation:\n%s", r)
	}
	users := srv.MainRequests()[1].Body.userTexts()
	if last := users[len(users)-1]; !strings.Contains(last, "Before you finish, run the tests") {
		t.Errorf("continuation prompt = %q", last)
	}
	var active []any
	for _, ev := range e.hookEvents() {
		active = append(active, ev["stop_hook_active"])
		tr, _ := ev["transcript_path"].(string)
		if data, err := os.ReadFile(tr); err != nil || !strings.Contains(string(data), `"type":"assistant"`) {
			t.Errorf("transcript %q: %v %s", tr, err, data)
		}
	}
	if !slices.Equal(active, []any{false, true}) {
		t.Errorf("stop_hook_active = %v", active)
	}
}

func TestUserPromptSubmitHookBlocks(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t)
	e.useServer(srv.URL())
	e.withHooks(map[string][]any{"UserPromptSubmit": {hookEntry("", hookScript(t, "no-secrets-in-prompt.sh"))}})
	r := e.mustRun(5, "run", "log in with password: hunter2")
	mustContain(t, "stderr", r.stderr, "Prompt blocked by no-secrets-in-prompt.sh")
	if n := len(srv.MainRequests()); n != 0 {
		t.Errorf("%d requests reached the model", n)
	}
	e.mustRun(0, "--data-dir", e.data, "sessions", "list")
}

func TestProjectHooksRunOnlyOnceTrusted(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.gitProject()
	srv := serveReplies(t,
		reply{calls: []call{shellCall("c1", "rm -f a.txt")}}, reply{text: "removed"},
		reply{calls: []call{shellCall("c2", "rm -f b.txt")}}, reply{text: "refused"})
	e.useServer(srv.URL())
	e.writeProjectFile("a.txt", "a")
	e.writeProjectFile("b.txt", "b")
	if err := os.MkdirAll(e.projectFile(".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.writeProjectJSON(".claude/settings.json", map[string]any{"hooks": map[string]any{
		"PreToolUse": []any{hookEntry("Bash", hookScript(t, "block-rm.sh"))}}})

	r := e.mustRun(0, "run", "--yolo", "remove a")
	mustContain(t, "warning", untrustedWarning(t, r.stderr), ".claude/settings.json#hooks")
	if fileExists(e.projectFile("a.txt")) {
		t.Fatal("an untrusted project's hook ran")
	}
	r = e.mustRun(0, "trust")
	mustContain(t, "hone trust", r.stdout, "PreToolUse runs "+hookScript(t, "block-rm.sh"))
	e.mustRun(5, "run", "--yolo", "remove b")
	if !fileExists(e.projectFile("b.txt")) {
		t.Error("the trusted project's hook did not block rm")
	}
}

func TestPermissionRequestHookAllowsAndSessionHooksRun(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{calls: []call{shellCall("c1", "touch made.txt")}}, reply{text: "Made it."})
	e.useServer(srv.URL())
	allow := `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`
	log := hookScript(t, "log-event.sh")
	e.withHooks(map[string][]any{
		"PermissionRequest": {hookEntry("Bash", allow, log)},
		"SessionStart":      {hookEntry("", log)},
		"SessionEnd":        {hookEntry("", log)},
	})
	// Without --yolo hone run would deny the command; the hook allows it.
	e.mustRun(0, "run", "make a file")
	if !fileExists(e.projectFile("made.txt")) {
		t.Fatal("the command the hook allowed did not run")
	}
	var got []string
	for _, ev := range e.hookEvents() {
		got = append(got, ev["hook_event_name"].(string))
		switch ev["hook_event_name"] {
		case "SessionStart":
			if ev["source"] != "startup" {
				t.Errorf("SessionStart = %v", ev)
			}
		case "PermissionRequest":
			in, _ := ev["tool_input"].(map[string]any)
			if ev["tool_name"] != "Bash" || in["command"] != "touch made.txt" || ev["permission_mode"] != "default" {
				t.Errorf("PermissionRequest = %v", ev)
			}
		}
	}
	if strings.Join(got, ",") != "SessionStart,PermissionRequest,SessionEnd" {
		t.Errorf("events = %v", got)
	}
}
