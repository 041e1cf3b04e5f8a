package e2e

import (
	"os"
	"testing"
	"time"
)

func TestRunDoesNotWaitForAnOpenIdleStdin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"Answered without stdin."}})
	// A parent that leaves stdin open and never writes (or closes) it.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	p := e.startReader(r, "run", "say something")
	r.Close() // the child has its own copy
	res := p.wait()
	if res.code != 0 {
		t.Fatalf("want exit 0, got %s", res)
	}
	mustContain(t, "stdout", res.stdout, "Answered without stdin.")
	mustContain(t, "stderr", res.stderr, "stdin: nothing arrived within 1s; ignored (pass - to wait for it)")
}

func TestRunDashWaitsForStdinToEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"Read the log."}})
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	p := e.startReader(r, "run", "--output-format", "json", "-", "what failed?")
	r.Close()
	// The input arrives late, after the second plain piped input gets (a
	// slow build), and then ends.
	time.Sleep(2 * time.Second)
	if _, err := w.WriteString("FAIL: TestParse\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	res := p.wait()
	if res.code != 0 {
		t.Fatalf("want exit 0, got %s", res)
	}
	ids := e.sessionIDs()
	if len(ids) != 1 {
		t.Fatalf("sessions %v", ids)
	}
	if got := e.showSession(ids[0]).userTexts(); len(got) != 1 || got[0] != "FAIL: TestParse\n\nwhat failed?" {
		t.Errorf("prompt = %q, want the piped log then the arguments", got)
	}
}

func TestInterfaceWithoutTerminalSaysWhatToDo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{"unused"}})
	r := e.hone() // stdout is a pipe
	if r.code != 2 {
		t.Fatalf("want exit 2, got %s", r)
	}
	mustContain(t, "stderr", r.stderr, "the interactive interface needs a terminal", `hone run "your prompt"`)
}

func TestPromptWithoutRunHintsHoneRun(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.hone("fix the failing test")
	if r.code != 2 {
		t.Fatalf("want exit 2, got %s", r)
	}
	mustContain(t, "stderr", r.stderr, `unknown command "fix the failing test"`, `hone run "fix the failing test"`)
}
