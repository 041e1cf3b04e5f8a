package e2e

import (
	"bufio"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestRunWithoutProviderSaysHowToConfigureOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.mustRun(2, "run", "hello")
	if r.stdout != "" {
		t.Errorf("stdout should be empty, got %q", r.stdout)
	}
	// The message names the key variables and the config file to edit.
	mustContain(t, "stderr", r.stderr, "ANTHROPIC_API_KEY", "OPENAI_API_KEY", e.home)
}

func TestRunText(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.writeProjectFile("notes.txt", "remember the milk\n")
	e.useFake(script{Turns: []any{
		turn(text("Let me look."), toolCall("call_1", "glob", map[string]any{"pattern": "*.txt"})),
		"There is one text file: notes.txt.",
	}})
	r := e.mustRun(0, "run", "which text files are there?")
	mustContain(t, "stdout", r.stdout, "Let me look.", "There is one text file: notes.txt.")
	if !strings.HasSuffix(r.stdout, "\n") {
		t.Errorf("stdout should end with a newline: %q", r.stdout)
	}
	// Tool activity goes to stderr, never to stdout.
	mustContain(t, "stderr", r.stderr, "glob")
	if strings.Contains(r.stdout, "glob") {
		t.Errorf("tool activity on stdout: %q", r.stdout)
	}
}

func TestRunQuietPrintsOnlyTheAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(toolCall("call_1", "ls", map[string]any{"path": "."})),
		"Nothing here.",
	}})
	r := e.mustRun(0, "run", "-q", "what is here?")
	if r.stdout != "Nothing here.\n" {
		t.Errorf("stdout = %q, want the answer alone", r.stdout)
	}
	if r.stderr != "" {
		t.Errorf("-q should leave stderr empty, got %q", r.stderr)
	}
}

func TestRunPrependsPipedStdin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "It is a stack trace."})
	e.useServer(srv.URL())
	r := e.honeIn("panic: boom\ngoroutine 1 [running]:\n", "run", "what is this?")
	if r.code != 0 {
		t.Fatalf("want exit 0, got %s", r)
	}
	mustContain(t, "stdout", r.stdout, "It is a stack trace.")
	mains := srv.MainRequests()
	if len(mains) != 1 {
		t.Fatalf("want 1 main request, got %d", len(mains))
	}
	users := mains[0].Body.userTexts()
	want := "panic: boom\ngoroutine 1 [running]:\n\nwhat is this?"
	if len(users) != 1 || users[0] != want {
		t.Errorf("user messages = %q, want [%q]", users, want)
	}
}

func TestRunJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(toolCall("call_1", "glob", map[string]any{"pattern": "*"})),
		"All done.",
	}})
	r := e.mustRun(0, "run", "--output-format", "json", "list everything")
	var res struct {
		SessionID  string `json:"session_id"`
		Result     string `json:"result"`
		ExitReason string `json:"exit_reason"`
		ExitCode   int    `json:"exit_code"`
		Steps      int    `json:"steps"`
		Usage      struct {
			Input  int `json:"input"`
			Output int `json:"output"`
		} `json:"usage"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, r.stdout)
	}
	if res.SessionID == "" || res.Result != "All done." || res.ExitReason != "done" || res.ExitCode != 0 || res.Steps != 2 {
		t.Errorf("result = %+v", res)
	}
	if res.Usage.Input == 0 || res.Usage.Output == 0 {
		t.Errorf("usage not reported: %+v", res.Usage)
	}
}

func TestRunStreamJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(text("Checking."), toolCall("call_1", "glob", map[string]any{"pattern": "*"})),
		"Done checking.",
	}})
	r := e.mustRun(0, "run", "--output-format", "stream-json", "check")
	var types []string
	var textOut strings.Builder
	var last map[string]any
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("line is not JSON: %v: %q", err, sc.Text())
		}
		typ, _ := line["type"].(string)
		types = append(types, typ)
		if typ == "text" {
			s, _ := line["text"].(string)
			textOut.WriteString(s)
		}
		if typ == "tool_call" && (line["id"] != "call_1" || line["name"] != "glob") {
			t.Errorf("tool_call line = %v", line)
		}
		last = line
	}
	if len(types) == 0 || types[0] != "turn_started" || types[len(types)-1] != "result" {
		t.Fatalf("want turn_started first and result last, got %v", types)
	}
	for _, want := range []string{"text", "tool_call", "tool_result", "step"} {
		if !slices.Contains(types, want) {
			t.Errorf("no %q line in %v", want, types)
		}
	}
	if textOut.String() != "Checking.Done checking." {
		t.Errorf("text lines add up to %q", textOut.String())
	}
	if last["exit_reason"] != "done" || last["result"] != "Done checking." {
		t.Errorf("result line = %v", last)
	}
}

func TestRunWithoutPromptIsAUsageError(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"Never sent."}})
	for _, args := range [][]string{{"run"}, {"run", "--output-format", "yaml", "hi"}, {"run", "-C", "-s", "01", "hi"}} {
		r := e.hone(args...)
		if r.code != 2 || r.stderr == "" {
			t.Errorf("hone %s: want exit 2 with a reason on stderr, got %s", strings.Join(args, " "), r)
		}
	}
	if ids := e.sessionIDs(); len(ids) != 0 {
		t.Errorf("a usage error must not create a session: %v", ids)
	}
}
