package llmtest

import (
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// duplicateIDs streams two calls that share one id (or have none): each
// must come out with its own id, its name and its arguments.
func (s suite) duplicateIDs(t *testing.T) {
	srv := NewServer(t, s.h.DuplicateToolCallIDs)
	r := s.collect(t, s.provider(t, srv), SimpleRequest(s.h.Model, "Weather and time in Paris?"))
	mustFinish(t, r, llm.FinishToolUse)
	calls := r.ToolCalls()
	if len(calls) != 2 {
		t.Fatalf("%d tool calls, want 2\nevents: %s", len(calls), dump(r.Events))
	}
	checkCall(t, calls[0], ToolName, ToolArgs)
	checkCall(t, calls[1], SecondToolName, SecondToolArgs)
	if a, b := calls[0].ToolCallID, calls[1].ToolCallID; a == "" || b == "" || a == b {
		t.Errorf("call ids %q and %q: want two distinct ids", a, b)
	}
}
