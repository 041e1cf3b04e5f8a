package tui_test

import (
	"testing"

	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

func TestSendPromptStreamsAnswer(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Reasoning("thinking hard"), tuitest.Text("Hello **there**, the answer is 42.")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("what is the answer?")
	h.Press("enter")
	h.WaitFor(t, "┃ what is the answer?", "Hello there, the answer is 42.", "Thinking · 1 line")
	runs := fake.Runs()
	if len(runs) != 1 || runs[0].Prompt != "what is the answer?" || runs[0].SessionID == "" {
		t.Fatalf("runs = %+v", runs)
	}
}
