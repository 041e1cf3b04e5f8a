package agent_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm/fake"
)

// Deps.Warm runs once, on its own goroutine, when the first model call
// starts: neither a second step nor a second turn runs it again.
func TestWarmRunsOnceAtTheFirstCall(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*.go"})},
		fake.Turn{fake.Text("one")},
		fake.Turn{fake.Text("two")},
	)
	var warmed atomic.Int32
	started := make(chan struct{})
	sess := agenttest.NewSessions()
	co := agent.NewCoordinator(agent.Config{
		Large: []agent.Candidate{candidate("a", m)}, WorkDir: t.TempDir(), DisableTitles: true, DisableGit: true,
	}, agent.Deps{Messages: agenttest.NewMessages(), Sessions: sess, Tools: agenttest.NewTools().Add("glob", true, agenttest.Echo),
		Warm: func(context.Context) {
			if warmed.Add(1) == 1 {
				close(started)
			}
		}})
	t.Cleanup(func() { co.Close() })
	s, err := sess.Create(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, prompt := range []string{"find", "again"} {
		if _, err := co.Run(t.Context(), s.ID, prompt, nil); err != nil {
			t.Fatal(err)
		}
	}
	<-started
	if n := warmed.Load(); n != 1 {
		t.Fatalf("Warm ran %d times over two turns and three calls; want once", n)
	}
}
