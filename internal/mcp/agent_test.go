package mcp_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

// The model calls MCP tools through the agent loop: the definitions it
// sees carry the server's schema, and the results (text and image) come
// back to it.
func TestAgentLoopCallsMCPTools(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"every": everything(t)})
	model := fake.New(
		fake.Turn{
			fake.ToolCall("mcp_every_get-sum", map[string]any{"a": 19, "b": 23}),
			fake.ToolCall("mcp_every_get-tiny-image", map[string]any{}),
		},
		fake.Turn{fake.Text("The sum is 42 and the image is tiny.")},
	)
	msgs, sess := agenttest.NewMessages(), agenttest.NewSessions()
	co := agent.NewCoordinator(agent.Config{
		Large: []agent.Candidate{{Provider: "fake", Model: "m", Client: model,
			Spec: agent.ModelSpec{ContextWindow: 100_000, MaxOutputTokens: 1000, Images: true}}},
		WorkDir: t.TempDir(), DisableTitles: true, DisableGit: true, UpdateInterval: -1,
	}, agent.Deps{Messages: msgs, Sessions: sess, Tools: f.reg})
	t.Cleanup(func() { _ = co.Close() })
	s, err := sess.Create(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := co.Run(t.Context(), s.ID, "add 19 and 23, then show me the tiny image", nil); err != nil {
		t.Fatal(err)
	}
	model.AssertConsumed(t)

	reqs := model.Requests()
	i := slices.IndexFunc(reqs[0].Tools, func(d llm.ToolDef) bool { return d.Name == "mcp_every_get-sum" })
	if i < 0 || !strings.Contains(string(reqs[0].Tools[i].Schema), `"a"`) {
		t.Fatalf("tool definitions sent: %+v", reqs[0].Tools)
	}
	results := toolResults(msgs.Conversation(s.ID))
	if len(results) != 2 {
		t.Fatalf("tool results %+v", results)
	}
	if r := results["mcp_every_get-sum"]; r.IsError || !strings.Contains(r.Text, "42") {
		t.Errorf("get-sum result %+v", r)
	}
	if r := results["mcp_every_get-tiny-image"]; r.MediaType != "image/png" || len(r.Data) == 0 {
		t.Errorf("image result %s, %d bytes", r.MediaType, len(r.Data))
	}
	if len(f.perm.requests()) != 2 {
		t.Errorf("permission requests %+v", f.perm.requests())
	}
}

// toolResults maps tool name to its result part.
func toolResults(conv []llm.Message) map[string]llm.Part {
	out := map[string]llm.Part{}
	for _, m := range conv {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolResult {
				out[p.ToolName] = p
			}
		}
	}
	return out
}
