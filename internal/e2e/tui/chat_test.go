package tui

import (
	"strings"
	"testing"
)

func TestPromptShowsStreamedAnswer(t *testing.T) {
	t.Parallel()
	_, p, _ := setup(t, script{
		Turns: []any{slow("Streaming arrives piece by piece until the last word: DONE.", 10, 250)},
	})
	p.submit("show me streaming")
	p.waitFor("show me streaming")
	p.waitUntil("a partly streamed answer", func(scr string) bool {
		return strings.Contains(scr, "Streaming") && !strings.Contains(scr, "DONE.")
	})
	scr := p.waitFor("Streaming arrives piece by piece until the last word: DONE.", idleHint)
	if !inOrder(scr, "show me streaming", "Streaming arrives") {
		t.Errorf("the answer is not below the prompt:\n%s", scr)
	}
}

func TestEscCancelsStreamAndSessionStaysUsable(t *testing.T) {
	t.Parallel()
	long := "Once upon a time " + strings.Repeat("the story went on and on ", 20) + "THE END."
	u, p, config := setup(t, script{Turns: []any{slow(long, 5, 100), "Still here after the cancel."}})
	p.submit("tell me a long story")
	p.waitFor("Once upon", busyHint)
	p.keys("Escape")
	scr := p.waitFor("cancelled", idleHint)
	if strings.Contains(scr, "THE END.") {
		t.Fatalf("the stream ran to its end despite Esc:\n%s", scr)
	}
	p.submit("are you still there")
	scr = p.waitFor("Still here after the cancel.", idleHint)
	if !inOrder(scr, "Once upon", "cancelled", "are you still there", "Still here after the cancel.") {
		t.Errorf("the screen is out of order:\n%s", scr)
	}
	if strings.Contains(scr, "THE END.") {
		t.Errorf("the cancelled stream went on:\n%s", scr)
	}
	list := u.sessions(config)
	if len(list) != 1 {
		t.Fatalf("sessions = %+v, want the one session", list)
	}
}

func TestPromptTypedWhileBusyIsQueuedAndAnsweredNext(t *testing.T) {
	t.Parallel()
	first := "The first answer takes its time " + strings.Repeat("to arrive ", 8) + "FIRST-END."
	_, p, _ := setup(t, script{Turns: []any{slow(first, 4, 100), "Answer to the queued prompt."}})
	p.submit("first question")
	p.waitFor("The first", busyHint)
	p.submit("second question")
	scr := p.waitFor("Queued (1)", "1. second question")
	if strings.Contains(scr, "FIRST-END.") {
		t.Fatalf("the first turn ended before the queue was seen; slow the script down:\n%s", scr)
	}
	scr = p.waitFor("Answer to the queued prompt.", idleHint)
	if !inOrder(scr, "first question", "FIRST-END.", "second question", "Answer to the queued prompt.") {
		t.Errorf("the queued prompt was not answered after the first turn:\n%s", scr)
	}
	if strings.Contains(scr, "Queued (") {
		t.Errorf("the queue is still shown:\n%s", scr)
	}
}

func TestEscPutsQueuedPromptsBackInTheEditor(t *testing.T) {
	t.Parallel()
	long := "A long answer " + strings.Repeat("that keeps going ", 40) + "LONG-END."
	_, p, _ := setup(t, script{Turns: []any{slow(long, 4, 100)}, Fallback: "Answered the restored prompt."})
	p.submit("first question")
	p.waitFor("A long answer", busyHint)
	p.submit("second question")
	p.waitFor("Queued (1)", "1. second question")
	p.keys("Escape")
	scr := p.waitFor("back in the editor")
	if strings.Contains(scr, "Queued (") || !strings.Contains(scr, "> second question") {
		t.Fatalf("Esc did not move the queued prompt to the editor:\n%s", scr)
	}
	if strings.Contains(scr, "LONG-END.") {
		t.Fatalf("the first turn ended before Esc was pressed; slow the script down:\n%s", scr)
	}
	p.keys("Escape") // now it cancels the turn
	p.waitFor("cancelled")
	p.waitGone("working…")
	p.keys("Enter")
	p.waitFor("Answered the restored prompt.", idleHint)
}
