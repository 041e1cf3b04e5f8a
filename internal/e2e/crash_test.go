package e2e

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// longAnswer is streamed slowly enough to be interrupted: 5 bytes every
// 40 ms is about 3 s for the whole text.
const longAnswer = "This answer streams slowly, a few characters at a time, so that the test can stop " +
	"the process in the middle of it and look at what was saved before the end arrived."

func TestKillMidStreamThenContinue(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{slowText(longAnswer, 5, 40)}})
	p := e.start(nil, "run", "tell me a long story")
	p.waitFor("streamed text", 10*time.Second, func() bool { return len(p.stdout.String()) >= 10 })
	early := p.stdout.String()
	// Text older than the store's write debounce (100 ms) must survive.
	time.Sleep(500 * time.Millisecond)
	p.signal(syscall.SIGKILL)
	if r := p.wait(); r.code != -1 {
		t.Fatalf("want death by signal, got %s", r)
	}

	srv := serveReplies(t, reply{text: "Picking up where we left off."})
	e.useServer(srv.URL())
	r := e.mustRun(0, "run", "-C", "continue")
	mustContain(t, "stdout", r.stdout, "Picking up where we left off.")
	req := onlyMain(t, srv)
	checkValid(t, req.Body)
	if got := req.Body.userTexts(); len(got) != 2 || got[0] != "tell me a long story" || got[1] != "continue" {
		t.Errorf("user messages = %q, want the killed turn's prompt, then continue", got)
	}
	partial := req.Body.textOf("assistant")
	if len(partial) < len(early) || !strings.HasPrefix(longAnswer, partial) {
		t.Errorf("the request carries partial text %q; want a prefix of the answer at least as long as %q", partial, early)
	}
	if n := len(e.sessionIDs()); n != 1 {
		t.Errorf("-C should continue the killed session, found %d sessions", n)
	}
}

func TestKillMidToolThenContinue(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// The command records its process group, so the test can end the
	// shell that outlives hone (it runs in a session of its own).
	e.useFake(script{Turns: []any{turn(text("Running it."), toolCall("call_sleep", "bash", map[string]any{
		"command": "echo $$ > shell.pid; sleep 30", "description": "wait a while",
	}))}})
	t.Cleanup(func() { killShell(e.projectFile("shell.pid")) })
	p := e.start(nil, "run", "--yolo", "run the slow command")
	p.waitFor("the shell", 10*time.Second, func() bool { return strings.TrimSpace(e.readProjectFile("shell.pid")) != "" })
	p.signal(syscall.SIGKILL)
	if r := p.wait(); r.code != -1 {
		t.Fatalf("want death by signal, got %s", r)
	}

	srv := serveReplies(t, reply{text: "The command was interrupted."})
	e.useServer(srv.URL())
	e.mustRun(0, "run", "-C", "continue")
	req := onlyMain(t, srv)
	checkValid(t, req.Body)
	if got := req.Body.userTexts(); len(got) != 2 || got[0] != "run the slow command" {
		t.Errorf("user messages = %q", got)
	}
	res, ok := req.Body.toolResult("call_sleep")
	if !ok {
		t.Fatalf("the interrupted bash call has no result in the next request")
	}
	if res.Text() == "" {
		t.Errorf("the synthetic result is empty")
	}
}

func TestInterruptSavesPartialText(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.useFake(script{Turns: []any{slowText(longAnswer, 5, 40)}})
	p := e.start(nil, "run", "tell me a long story")
	p.waitFor("streamed text", 10*time.Second, func() bool { return len(p.stdout.String()) >= 20 })
	p.signal(syscall.SIGINT)
	r := p.wait()
	if r.code != 130 {
		t.Fatalf("want exit 130, got %s", r)
	}
	mustContain(t, "stderr", r.stderr, "interrupted")
	printed := strings.TrimSpace(r.stdout)
	if !strings.HasPrefix(longAnswer, printed) || len(printed) == len(longAnswer) {
		t.Errorf("stdout should be a strict prefix of the answer: %q", printed)
	}

	ids := e.sessionIDs()
	if len(ids) != 1 {
		t.Fatalf("want 1 session, got %v", ids)
	}
	doc := e.showSession(ids[0])
	saved := doc.assistantText()
	if saved == "" || !strings.HasPrefix(longAnswer, saved) {
		t.Errorf("saved assistant text %q is not a prefix of the answer", saved)
	}
	if len(saved) < len(printed) {
		t.Errorf("saved %d bytes, fewer than the %d printed", len(saved), len(printed))
	}
}

// onlyMain returns the single main request srv received.
func onlyMain(t testing.TB, srv *chatServer) chatRequest {
	t.Helper()
	mains := srv.MainRequests()
	if len(mains) != 1 {
		t.Fatalf("want 1 main request, got %d", len(mains))
	}
	return mains[0]
}

// killShell ends the process group whose leader's pid is in file.
func killShell(file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		return
	}
	if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && pid > 1 {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}
