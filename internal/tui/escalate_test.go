package tui_test

import (
	"testing"

	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

// TestEscalateKeyAndCommand: ctrl+x and the palette's escalate entry ask
// the backend to escalate the session and say what happens.
func TestEscalateKeyAndCommand(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("Quick answer.")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Press("ctrl+x")
	h.WaitFor(t, "nothing to escalate yet")
	h.Type("hello")
	h.Press("enter")
	h.WaitFor(t, "Quick answer.")
	h.Press("ctrl+x")
	h.WaitFor(t, "routing is off")
	fake.SetRouting(true)
	h.Press("/")
	h.Type("escalate")
	h.Press("enter")
	h.WaitFor(t, "the next turn starts on the large model")
	if got := fake.Escalated(); len(got) != 2 || got[0] != got[1] || got[0] == "" {
		t.Fatalf("escalated sessions %v", got)
	}
}
