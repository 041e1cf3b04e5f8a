package e2e

import (
	"encoding/json"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// waitForFile is a bash command that blocks until the test creates name
// in the project: a turn that holds its session until the test says so.
func waitForFile(name string) string {
	return "while [ ! -e " + name + " ]; do sleep 0.05; done"
}

// sessionOf waits until a stream-json run printed its turn_started line
// and returns the session id.
func sessionOf(p *proc) string {
	p.t.Helper()
	var id string
	p.waitFor("turn_started", runTimeout, func() bool {
		for _, ln := range strings.Split(p.stdout.String(), "\n") {
			var l struct {
				Type      string `json:"type"`
				SessionID string `json:"session_id"`
			}
			if json.Unmarshal([]byte(ln), &l) == nil && l.Type == "turn_started" {
				id = l.SessionID
				return true
			}
		}
		return false
	})
	return id
}

// userTexts are the stored user prompts of a session, in order.
func (d exportDoc) userTexts() []string {
	var out []string
	for _, m := range d.Messages {
		if m.Role != "user" {
			continue
		}
		for _, p := range m.Parts {
			if p.Type == "text" {
				out = append(out, p.Text)
			}
		}
	}
	return out
}

func TestSecondRunOnABusySessionQueuesIntoTheRunningTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		map[string]any{"items": []any{
			map[string]any{"text": "Working on the long task, one piece at a time.", "chunk": 4},
			toolCall("c1", "bash", map[string]any{"command": waitForFile("go-on"), "description": "wait"}),
		}, "chunk_delay_ms": 20},
		slowText("Done with the long task, and here is the follow-up answer.", 4, 20),
	}})
	first := e.start(nil, "run", "--yolo", "--output-format", "stream-json", "the long task")
	id := sessionOf(first)
	first.waitFor("the bash call", runTimeout, func() bool { return strings.Contains(first.stdout.String(), `"tool_call"`) })

	second := e.hone("run", "-s", id, "the follow-up")
	// docs/exit-codes.md: 9, the session is busy in another process.
	if second.code != 9 {
		t.Fatalf("second run: want exit 9, got %s", second)
	}
	mustContain(t, "second run's stderr", second.stderr,
		"session "+id+" is busy: process "+strconv.Itoa(first.cmd.Process.Pid), "your prompt was queued")

	e.writeProjectFile("go-on", "")
	r := first.wait()
	if r.code != 0 {
		t.Fatalf("first run: want exit 0, got %s", r)
	}
	doc := e.showSession(id)
	if got := doc.userTexts(); len(got) != 2 || got[0] != "the long task" || got[1] != "the follow-up" {
		t.Errorf("stored prompts = %q, want the long task, then the follow-up folded into its turn", got)
	}
	want := "Working on the long task, one piece at a time.Done with the long task, and here is the follow-up answer."
	if got := doc.assistantText(); got != want {
		t.Errorf("stored answers = %q, want %q (nothing mixed in)", got, want)
	}
	// The follow-up came after the tool result, before the next step.
	var roles []string
	for _, m := range doc.Messages {
		roles = append(roles, m.Role)
	}
	if strings.Join(roles, " ") != "user assistant tool user assistant" {
		t.Errorf("stored roles = %v", roles)
	}
}

func TestKilledHolderLeaseIsTakenOver(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{
		turn(text("Holding the session."),
			toolCall("c1", "bash", map[string]any{"command": waitForFile("never"), "description": "wait forever"})),
	}})
	holder := e.start(nil, "run", "--yolo", "--output-format", "stream-json", "hold it")
	id := sessionOf(holder)
	holder.waitFor("the bash call", runTimeout, func() bool { return strings.Contains(holder.stdout.String(), `"tool_call"`) })
	holder.signal(syscall.SIGKILL)
	if r := holder.wait(); r.code != -1 {
		t.Fatalf("the holder was not killed: %s", r)
	}

	e.useFake(script{Turns: []any{"Took the session over."}})
	r := e.hone("run", "-s", id, "go on")
	if r.code != 0 {
		t.Fatalf("want the dead holder's lease taken over (exit 0), got %s", r)
	}
	mustContain(t, "stdout", r.stdout, "Took the session over.")
	doc := e.showSession(id)
	if got := doc.userTexts(); len(got) != 2 || got[1] != "go on" {
		t.Errorf("stored prompts = %q", got)
	}
	// The killed turn's call was repaired before the new prompt.
	res := doc.parts("tool_result")
	if len(res) != 1 || !strings.Contains(res[0], "interrupted") {
		t.Errorf("tool results = %q, want the killed call marked interrupted", res)
	}
}
