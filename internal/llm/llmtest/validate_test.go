package llmtest

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	call := llm.ToolCallPart("c1", "f", `{"a":1}`)
	reasoning := llm.Part{Type: llm.PartReasoning, Text: "hm"}
	fin := llm.Event{Type: llm.EventFinish, Reason: llm.FinishStop}
	start := llm.Event{Type: llm.EventToolCallStart, ToolCallID: "c1", ToolName: "f"}
	delta := llm.Event{Type: llm.EventToolCallDelta, ToolCallID: "c1", Text: `{"a":1}`}
	end := llm.Event{Type: llm.EventToolCallEnd, ToolCallID: "c1", ToolName: "f", Part: &call}
	tests := []struct {
		name     string
		events   []llm.Event
		complete bool
		want     string // "" means valid
	}{
		{"good", []llm.Event{{Type: llm.EventReasoningDelta, Text: "hm"}, {Type: llm.EventReasoningEnd, Part: &reasoning},
			{Type: llm.EventTextDelta, Text: "x"}, start, delta, end, {Type: llm.EventUsage}, fin}, true, ""},
		{"no finish", []llm.Event{{Type: llm.EventTextDelta, Text: "x"}}, true, "0 finish"},
		{"two finishes", []llm.Event{fin, fin}, true, "after finish"},
		{"finish on error", []llm.Event{fin}, false, "ended with an error"},
		{"empty delta", []llm.Event{{Type: llm.EventTextDelta}, fin}, true, "empty"},
		{"delta before start", []llm.Event{delta, fin}, true, "not open"},
		{"never ended", []llm.Event{start, fin}, true, "never ended"},
		{"input differs", []llm.Event{start, {Type: llm.EventToolCallDelta, ToolCallID: "c1", Text: "{"}, end, fin}, true, "differs"},
		{"reset", []llm.Event{{Type: llm.EventReset}, fin}, true, "reset"},
		{"bad reasoning end", []llm.Event{{Type: llm.EventReasoningEnd}, fin}, true, "reasoning part"},
		{"negative usage", []llm.Event{{Type: llm.EventUsage, Usage: llm.Usage{Input: -1}}, fin}, true, "negative"},
		{"start without name", []llm.Event{{Type: llm.EventToolCallStart, ToolCallID: "c1"}, fin}, true, "without id or name"},
	}
	for _, tt := range tests {
		err := Validate(tt.events, tt.complete)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
}

func TestResponseSplit(t *testing.T) {
	t.Parallel()
	r := Stream("abc", "defgh").Split(3)
	if len(r.Chunks) != 3 || string(r.Body()) != "abcdefgh" || string(r.Chunks[2]) != "gh" {
		t.Errorf("chunks %q", r.Chunks)
	}
}

func TestResultMessage(t *testing.T) {
	t.Parallel()
	call := llm.ToolCallPart("c1", "f", "{}")
	r := Result{Events: []llm.Event{
		{Type: llm.EventTextDelta, Text: "a"}, {Type: llm.EventTextDelta, Text: "b"},
		{Type: llm.EventToolCallEnd, Part: &call},
	}}
	m := r.Message()
	if len(m.Parts) != 2 || m.Parts[0].Text != "ab" || m.Parts[1].ToolCallID != "c1" {
		t.Errorf("message %+v", m)
	}
}
