package agent_test

import (
	"context"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
)

// slowToolWrites is an in-memory message store whose tool messages are
// stored only once release is closed.
type slowToolWrites struct {
	*agenttest.Messages
	release chan struct{}
	late    chan bool // one value per tool message: was it held past the timeout
}

func (s *slowToolWrites) CreateWith(ctx context.Context, m message.Message, also ...message.Also) (message.Message, error) {
	if m.Role == llm.RoleTool {
		select {
		case <-s.release:
			s.late <- false
		case <-time.After(10 * time.Second):
			s.late <- true
		}
	}
	return s.Messages.CreateWith(ctx, m, also...)
}

// TestNextRequestDoesNotWaitForTheToolMessage: the request after a tool
// call goes out while the tool message is still being stored, and the
// session still stores the conversation in order (the answer after the
// tool message it follows).
func TestNextRequestDoesNotWaitForTheToolMessage(t *testing.T) {
	t.Parallel()
	sent := make(chan struct{})
	model := fake.New(
		fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*.go"})},
		fake.Turn{fake.Signal(sent), fake.Text("done")},
	)
	store := &slowToolWrites{Messages: agenttest.NewMessages(), release: make(chan struct{}), late: make(chan bool, 1)}
	go func() {
		select {
		case <-sent:
			close(store.release)
		case <-t.Context().Done():
		}
	}()
	sess := agenttest.NewSessions()
	tools := agenttest.NewTools().Add("glob", true, agenttest.Echo)
	cfg := agent.Config{Large: []agent.Candidate{candidate("a", model)}, WorkDir: t.TempDir(),
		UpdateInterval: -1, DisableTitles: true, DisableGit: true}
	co := agent.NewCoordinator(cfg, agent.Deps{Messages: store, Sessions: sess, Tools: tools,
		Children: sess, SubAgentTools: agenttest.NewTools()})
	t.Cleanup(func() { co.Close() })
	s, err := sess.Create(t.Context(), cfg.WorkDir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := co.RunWith(t.Context(), s.ID, "find the Go files", nil, agent.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != agent.ExitDone || res.Text != "done" {
		t.Fatalf("turn: %s %q", res.Reason, res.Text)
	}
	if <-store.late {
		t.Fatal("the second request waited for the tool message to be stored")
	}
	msgs, err := store.List(t.Context(), s.ID)
	if err != nil {
		t.Fatal(err)
	}
	var roles []llm.Role
	for _, m := range msgs {
		roles = append(roles, m.Role)
	}
	want := []llm.Role{llm.RoleUser, llm.RoleAssistant, llm.RoleTool, llm.RoleAssistant}
	if len(roles) != len(want) {
		t.Fatalf("stored roles %v, want %v", roles, want)
	}
	for i := range want {
		if roles[i] != want[i] {
			t.Fatalf("stored roles %v, want %v", roles, want)
		}
	}
}
