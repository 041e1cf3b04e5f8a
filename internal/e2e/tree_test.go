package e2e

import (
	"encoding/json"
	"testing"
)

// treeNode is a node of `hone sessions show --tree --json`.
type treeNode struct {
	Kind        string `json:"kind"`
	Name        string `json:"name"`
	Outcome     string `json:"outcome"`
	LatencyMS   int64  `json:"latency_ms"`
	ResultBytes int64  `json:"result_bytes"`
	Tokens      struct {
		Input  int64 `json:"input"`
		Output int64 `json:"output"`
	} `json:"tokens"`
	Cost     float64     `json:"cost"`
	Children []*treeNode `json:"children"`
}

// find returns the first node of kind (depth first), nil if none.
func (n *treeNode) find(kind string) *treeNode {
	if n.Kind == kind {
		return n
	}
	for _, c := range n.Children {
		if f := c.find(kind); f != nil {
			return f
		}
	}
	return nil
}

func TestSessionsShowTreeNestsTheSubAgent(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.writeProjectFile("main.go", "package main\n")
	srv := serveReplies(t,
		reply{text: "Delegating.", calls: []call{{id: "a1", name: "agent", args: `{"prompt":"find go files"}`}}},
		reply{text: "Looking.", calls: []call{{id: "g1", name: "glob", args: `{"pattern":"*.go"}`}}},
		reply{text: "main.go is the only one."},
		reply{text: "There is one Go file."})
	e.useServer(srv.URL())
	e.mustRun(0, "run", "how many go files?")
	id := e.sessionIDs()[0]
	r := e.mustRun(0, "sessions", "show", "--tree", "--json", id)
	var root treeNode
	if err := json.Unmarshal([]byte(r.stdout), &root); err != nil {
		t.Fatalf("tree json: %v\n%s", err, r.stdout)
	}
	if root.Kind != "session" || len(root.Children) != 1 || root.Children[0].Kind != "turn" || root.Children[0].Name != "how many go files?" {
		t.Fatalf("root %+v", root)
	}
	turn := root.Children[0]
	if len(turn.Children) != 2 || turn.Children[0].Kind != "step" || turn.Children[1].Kind != "step" {
		t.Fatalf("turn children %+v", turn.Children)
	}
	agentCall := turn.Children[0].Children[0]
	if agentCall.Kind != "tool" || agentCall.Name != "agent" || agentCall.Outcome != "ok" || len(agentCall.Children) != 1 {
		t.Fatalf("agent call %+v", agentCall)
	}
	sub := agentCall.Children[0]
	glob := sub.find("tool")
	if sub.Kind != "subagent" || glob == nil || glob.Name != "glob" || glob.Outcome != "ok" || glob.ResultBytes == 0 {
		t.Fatalf("sub-agent %+v", sub)
	}
	// Totals: the sub-agent's two steps (1200 in each, from the server)
	// count in the agent call, the turn adds its own two steps.
	if sub.Tokens.Input != 2400 || agentCall.Tokens.Input != 2400 || turn.Tokens.Input != 4800 || root.Tokens.Input != 4800 {
		t.Errorf("input totals sub %d, call %d, turn %d, root %d", sub.Tokens.Input, agentCall.Tokens.Input, turn.Tokens.Input, root.Tokens.Input)
	}
	text := e.mustRun(0, "sessions", "show", "--tree", id)
	mustContain(t, "sessions show --tree", text.stdout, "OPERATION", `turn "how many go files?"`, "tool agent", "subagent ", "tool glob", "4.8k")
}
