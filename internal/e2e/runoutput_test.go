package e2e

import (
	"encoding/json"
	"testing"
)

func TestRunShowsEachCallWithItsExitStatus(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(toolCall("c1", "bash", map[string]any{"command": "ls", "description": "list"})),
		turn(toolCall("c2", "bash", map[string]any{"command": "ls no-such-file", "description": "list a missing file"})),
		"Listed.",
	}})
	r := e.mustRun(0, "run", "list the files")
	mustContain(t, "stderr", r.stderr, "● bash ls\n✓ bash ls (exit 0)\n", "✗ bash ls no-such-file (exit 2)\n")
}

func TestRunWhoseChangesWereAllDeniedDoesNotSucceed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.writeProjectFile("notes.txt", "original\n")
	// After the denied write the model looks around once more and then
	// answers: the turn did not end right after the denial, but nothing it
	// tried to change was changed.
	e.useFake(script{Turns: []any{
		turn(toolCall("c1", "write", map[string]any{"file_path": "new.txt", "content": "x\n"})),
		turn(toolCall("c2", "view", map[string]any{"file_path": "notes.txt"})),
		"I could not create new.txt.",
	}})
	r := e.hone("run", "create new.txt")
	if r.code != 5 {
		t.Fatalf("want exit 5 (permission denied), got %s", r)
	}
	mustContain(t, "stderr", r.stderr, `✗ write new.txt: denied — `, `"write(new.txt)" or run with --yolo`)
	if fileExists(e.projectFile("new.txt")) {
		t.Error("the denied write happened")
	}
}

func TestRunWithAnEmptyAnswerIsNotASuccess(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{map[string]any{"text": ""}}})
	r := e.hone("run", "--output-format", "json", "say something")
	var res struct {
		Result     string `json:"result"`
		ExitReason string `json:"exit_reason"`
		ExitCode   int    `json:"exit_code"`
		Error      string `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, r)
	}
	// docs/exit-codes.md: 8, the model ended its turn without an answer.
	if r.code != 8 || res.ExitCode != 8 || res.ExitReason != "empty_answer" || res.Error == "" {
		t.Errorf("exit %d, result %+v", r.code, res)
	}
	mustContain(t, "stderr", r.stderr, "without an answer")
}
