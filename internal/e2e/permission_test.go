package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// viewCall and writeCall read notes.txt, then replace it (the write tool
// refuses to overwrite a file the session has not read).
var (
	viewCall  = call{id: "call_view", name: "view", args: `{"file_path":"notes.txt"}`}
	writeCall = call{id: "call_write", name: "write", args: `{"file_path":"notes.txt","content":"overwritten\n"}`}
)

func TestRunDeniesWriteWithoutYolo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.writeProjectFile("notes.txt", "original\n")
	srv := serveReplies(t,
		reply{text: "Reading first.", calls: []call{viewCall}},
		reply{text: "I will update the notes.", calls: []call{writeCall}},
		reply{text: "I was not allowed to write the file."},
	)
	e.useServer(srv.URL())
	r := e.hone("run", "update the notes")
	// docs/exit-codes.md: 5, a denied permission ended the task.
	if r.code != 5 {
		t.Fatalf("want exit 5, got %s", r)
	}
	if got := e.readProjectFile("notes.txt"); got != "original\n" {
		t.Errorf("notes.txt changed to %q", got)
	}
	// Each call and its outcome, the denial with its full reason.
	mustContain(t, "stderr", r.stderr, "● view notes.txt\n", "✓ view notes.txt\n",
		"✗ write notes.txt: denied — not allowed without a person to ask (non-interactive run); "+
			`allow it with a permissions.allow rule such as "write(notes.txt)" or run with --yolo`+"\n")
	mustContain(t, "stdout", r.stdout, "I was not allowed to write the file.")

	// The model was told, in the result of its call.
	mains := srv.MainRequests()
	if len(mains) != 3 {
		t.Fatalf("want 3 main requests, got %d", len(mains))
	}
	checkValid(t, mains[2].Body)
	res, ok := mains[2].Body.toolResult("call_write")
	if !ok {
		t.Fatalf("last request has no result for the write call")
	}
	if !strings.Contains(strings.ToLower(res.Text()), "denied") {
		t.Errorf("the model is not told about the denial: %q", res.Text())
	}
}

func TestRunYoloAppliesWrite(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.writeProjectFile("notes.txt", "original\n")
	srv := serveReplies(t,
		reply{calls: []call{viewCall}},
		reply{calls: []call{writeCall}},
		reply{text: "Updated."},
	)
	e.useServer(srv.URL())
	r := e.mustRun(0, "run", "--yolo", "update the notes")
	if got := e.readProjectFile("notes.txt"); got != "overwritten\n" {
		t.Errorf("notes.txt = %q, want the written content", got)
	}
	mustContain(t, "stdout", r.stdout, "Updated.")
	mains := srv.MainRequests()
	if len(mains) != 3 {
		t.Fatalf("want 3 main requests, got %d", len(mains))
	}
	checkValid(t, mains[2].Body)
	if res, _ := mains[2].Body.toolResult("call_write"); strings.Contains(strings.ToLower(res.Text()), "denied") {
		t.Errorf("write reported denied under --yolo: %q", res.Text())
	}
}

func TestRunJSONReportsDenials(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(toolCall("call_bash", "bash", map[string]any{"command": "touch made-by-bash", "description": "make a file"})),
		"Could not run it.",
	}})
	r := e.hone("run", "--output-format", "json", "make a file")
	var res struct {
		ExitReason string `json:"exit_reason"`
		ExitCode   int    `json:"exit_code"`
		Denials    int    `json:"denials"`
		Error      string `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, r)
	}
	if r.code != 5 || res.ExitCode != 5 || res.ExitReason != "permission_denied" || res.Denials != 1 || res.Error == "" {
		t.Errorf("exit %d, result %+v", r.code, res)
	}
	if e.readProjectFile("made-by-bash") != "" || fileExists(e.projectFile("made-by-bash")) {
		t.Errorf("the denied command ran")
	}
}
