package tui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

func TestEscCancelsTurnAndSessionStaysUsable(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("Working on it"), tuitest.Block()}, tuitest.Turn{tuitest.Text("second answer")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("long task")
	h.Press("enter")
	h.WaitFor(t, "Working on it", "working…")
	h.Press("esc")
	h.WaitFor(t, "⊘ cancelled")
	h.WaitUntil(t, "idle", func(s string) bool { return !strings.Contains(s, "working…") })
	h.Type("again")
	h.Press("enter")
	h.WaitFor(t, "second answer")
	if runs := fake.Runs(); len(runs) != 2 || runs[1].SessionID != runs[0].SessionID {
		t.Fatalf("runs = %+v", runs)
	}
}

func TestPromptWhileBusyIsQueuedAndAnsweredNext(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	fake := tuitest.NewFake(
		tuitest.Turn{tuitest.Text("first"), tuitest.Tool(tuitest.ToolStep{Name: "bash", Input: `{"command":"sleep 1"}`, OnAllow: func() { <-release }})},
		tuitest.Turn{tuitest.Text("answer to the queued one")},
	)
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("one")
	h.Press("enter")
	h.WaitFor(t, "first", "bash sleep 1")
	h.Type("two")
	h.Press("enter")
	h.WaitFor(t, "Queued (1)", "1. two")
	close(release)
	h.WaitFor(t, "┃ two", "answer to the queued one")
	h.WaitUntil(t, "queue emptied", func(s string) bool { return !strings.Contains(s, "Queued (") })
}

func TestEscPutsQueuedPromptsBackBeforeCancelling(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("busy"), tuitest.Block()})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("one")
	h.Press("enter")
	h.WaitFor(t, "busy")
	for _, p := range []string{"two", "three"} {
		h.Type(p)
		h.Press("enter")
	}
	h.WaitFor(t, "Queued (2)")
	h.Type("draft")
	h.Press("esc")
	h.WaitUntil(t, "queue emptied", func(s string) bool { return !strings.Contains(s, "Queued (") })
	h.WaitFor(t, "two", "three", "draft", "back in the editor")
	if !strings.Contains(h.Screen(), "working…") {
		t.Fatal("the first esc cancelled the turn instead of emptying the queue")
	}
	if q := fake.Queue(fake.Runs()[0].SessionID); len(q) != 0 {
		t.Fatalf("queue = %+v, want it empty", q)
	}
	h.Press("esc")
	h.WaitFor(t, "⊘ cancelled")
	// "cancelling…" goes with the end of the turn, not seconds later.
	h.WaitUntil(t, "idle without cancelling…", func(s string) bool {
		if strings.Contains(s, "working…") {
			return false
		}
		if strings.Contains(s, "cancelling…") {
			t.Fatalf("cancelling… stays after the turn ended:\n%s", s)
		}
		return true
	})
	// The prompts come back as one editable text, oldest first, then the draft.
	h.Press("enter")
	h.WaitUntil(t, "the restored prompts sent", func(string) bool { return len(fake.Runs()) == 4 })
	if got := fake.Runs()[3].Prompt; got != "two\n\nthree\n\ndraft" {
		t.Fatalf("restored prompt = %q", got)
	}
}

func TestRemoveOneQueuedPrompt(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("busy"), tuitest.Block()})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("one")
	h.Press("enter")
	h.WaitFor(t, "busy")
	for _, p := range []string{"two", "three"} {
		h.Type(p)
		h.Press("enter")
	}
	h.WaitFor(t, "Queued (2)")
	h.Press("tab", "tab", "up", "delete") // focus the queue, select "two", remove it
	h.WaitFor(t, "Queued (1)", "1. three")
	if q := fake.Queue(fake.Runs()[0].SessionID); len(q) != 1 || q[0].Text != "three" {
		t.Fatalf("queue = %+v", q)
	}
}

func TestPromptsTypedWhileSessionIsCreatedKeepTheirOrder(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("first answer")}, tuitest.Turn{tuitest.Text("second answer")}, tuitest.Turn{tuitest.Text("third answer")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	for _, p := range []string{"one", "two", "three"} {
		h.Type(p)
		h.Press("enter")
	}
	h.WaitFor(t, "third answer")
	runs := fake.Runs()
	if len(runs) != 3 || runs[0].Prompt != "one" || runs[1].Prompt != "two" || runs[2].Prompt != "three" {
		t.Fatalf("runs = %+v", runs)
	}
	if runs[1].SessionID != runs[0].SessionID || runs[2].SessionID != runs[0].SessionID {
		t.Fatal("early prompts went to different sessions")
	}
}

func TestPromptsWithAttachmentsQueueWhileBusy(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("busy"), tuitest.Block()})
	fake.Dir = dir
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("one")
	h.Press("enter")
	h.WaitFor(t, "busy")
	h.Type("two @a.t")
	h.WaitFor(t, "› a.txt")
	h.Press("tab", "enter")
	h.Type("three")
	h.Press("enter")
	h.WaitFor(t, "Queued (2)", "1. two @a.txt", "2. three")
}
