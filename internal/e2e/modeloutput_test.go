package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestRunRepeatedToolCallIDsRunEachCallOnce: a server that gives two
// parallel calls one id gets each call run once and each result back
// under an id of its own.
func TestRunRepeatedToolCallIDsRunEachCallOnce(t *testing.T) {
	t.Parallel()
	next := make(chan chatBody, 1)
	srv, mains := scriptedHTTP(t,
		func(w http.ResponseWriter, _ chatBody) {
			writeSSE(w, reply{calls: []call{
				{id: "call_dup", name: "glob", args: `{"pattern":"*.txt"}`},
				{id: "call_dup", name: "ls", args: `{"path":"."}`},
			}})
		},
		func(w http.ResponseWriter, body chatBody) { next <- body; writeSSE(w, reply{text: "Done."}) })
	e := newEnv(t)
	e.writeProjectFile("a.txt", "x")
	e.useServer(srv.URL)
	r := e.mustRun(0, "run", "look around")
	if n := strings.Count(r.stderr, "● glob") + strings.Count(r.stderr, "● ls"); n != 2 || mains.Load() != 2 {
		t.Fatalf("%d tool runs, %d main requests:\n%s", n, mains.Load(), r)
	}
	body := <-next
	var callIDs, resultIDs []string
	for _, m := range body.Messages {
		for _, c := range m.ToolCalls {
			callIDs = append(callIDs, c.ID)
		}
		if m.Role == "tool" {
			resultIDs = append(resultIDs, m.ToolCallID)
		}
	}
	if len(callIDs) != 2 || callIDs[0] == callIDs[1] || strings.Join(callIDs, ",") != strings.Join(resultIDs, ",") {
		t.Errorf("calls %q answered by %q: want two distinct ids, each answered once", callIDs, resultIDs)
	}
}

// TestRunOutputLimitEndsTheTurn: an answer longer than max_output_bytes
// is cut and the run fails saying why.
func TestRunOutputLimitEndsTheTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	path := e.writeJSON("long.json", script{Turns: []any{slowText(strings.Repeat("word ", 2000), 100, 0)}})
	e.useConfig(map[string]any{
		"providers": map[string]any{"fake": map[string]any{
			"type": "fake", "script": path,
			"models": []any{map[string]any{"id": "scripted", "context_window": 200000}},
		}},
		"models":  map[string]any{"large": []string{"fake/scripted"}, "small": []string{"fake/scripted"}},
		"options": map[string]any{"max_output_bytes": 1024},
	})
	r := e.mustRun(4, "run", "write forever")
	mustContain(t, "stderr", r.stderr, "hone: the model's answer passed the output limit of 1 KiB and was cut there")
	if len(strings.TrimSpace(r.stdout)) > 1024 {
		t.Errorf("%d bytes printed", len(r.stdout))
	}
}
