package tui_test

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

// TestFailedTurnShowsErrorOnceAndRetries: a failed turn's cause appears
// once, with the retry key; the key runs the session again without a new
// prompt.
func TestFailedTurnShowsErrorOnceAndRetries(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(
		tuitest.Turn{tuitest.Fail("connection refused at 127.0.0.1:9 (provider work)")},
		tuitest.Turn{tuitest.Text("Back online.")},
	)
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("hello")
	h.Press("enter")
	h.WaitFor(t, "connection refused at 127.0.0.1:9", "ctrl+r retry now")
	h.Sync()
	if n := strings.Count(h.Screen(), "connection refused at 127.0.0.1:9"); n != 1 {
		t.Fatalf("the error is shown %d times:\n%s", n, h.Screen())
	}
	h.Press("ctrl+r")
	h.WaitFor(t, "Back online.")
	runs := fake.Runs()
	if len(runs) != 2 || !runs[1].Retry || runs[1].SessionID != runs[0].SessionID {
		t.Fatalf("runs %+v", runs)
	}
	// Nothing failed since: the key does nothing.
	h.Press("ctrl+r")
	h.Sync()
	if n := len(fake.Runs()); n != 2 {
		t.Errorf("%d runs after a second ctrl+r", n)
	}
}
