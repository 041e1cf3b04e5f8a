package agent

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
)

func TestAccumulatorAssemblesParts(t *testing.T) {
	t.Parallel()
	a := newAccumulator(nil)
	end := llm.Part{Type: llm.PartReasoning, Signature: "sig", Provider: "anthropic"}
	call := llm.ToolCallPart("c1", "glob", `{"pattern":"*"}`)
	for _, ev := range []llm.Event{
		{Type: llm.EventReasoningDelta, Text: "thin"},
		{Type: llm.EventReasoningDelta, Text: "king"},
		{Type: llm.EventReasoningEnd, Part: &end},
		{Type: llm.EventTextDelta, Text: "Hel"},
		{Type: llm.EventTextDelta, Text: "lo"},
		{Type: llm.EventToolCallStart, ToolCallID: "c1", ToolName: "glob"},
		{Type: llm.EventToolCallDelta, ToolCallID: "c1", Text: `{"pat`},
		{Type: llm.EventToolCallStart, ToolCallID: "c2", ToolName: "view"},
		{Type: llm.EventToolCallDelta, Text: `{"file`},
		{Type: llm.EventToolCallEnd, ToolCallID: "c1", Part: &call},
		{Type: llm.EventTextDelta, Text: "after"},
	} {
		a.apply(ev)
	}
	snap := a.snapshot()
	if len(snap) != 5 {
		t.Fatalf("%d parts: %+v", len(snap), snap)
	}
	if snap[0].Text != "thinking" || snap[0].Signature != "sig" || snap[0].Type != llm.PartReasoning {
		t.Errorf("reasoning %+v", snap[0])
	}
	if snap[1].Text != "Hello" || snap[2].Input != `{"pattern":"*"}` || snap[3].Input != `{"file` || snap[4].Text != "after" {
		t.Errorf("parts %+v", snap)
	}
	fin := a.final(false)
	if fin[3].InputError == "" || fin[2].InputError != "" {
		t.Errorf("final calls %+v / %+v", fin[2], fin[3])
	}
	a.reset()
	if !a.empty() || len(a.snapshot()) != 0 {
		t.Error("reset kept parts")
	}
}

func TestAccumulatorSnapshotsAreIndependent(t *testing.T) {
	t.Parallel()
	a := newAccumulator(nil)
	a.apply(llm.Event{Type: llm.EventTextDelta, Text: "a"})
	s1 := a.snapshot()
	a.apply(llm.Event{Type: llm.EventTextDelta, Text: "b"})
	if s1[0].Text != "a" || a.snapshot()[0].Text != "ab" {
		t.Errorf("snapshots %q %q", s1[0].Text, a.snapshot()[0].Text)
	}
}
