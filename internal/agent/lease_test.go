package agent_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

var _ agent.Leases = (*session.Leases)(nil)

// process is one Hone process over a shared database: its own services,
// leases (with its own pid) and Coordinator.
type process struct {
	co   *agent.Coordinator
	msgs *message.Service
}

func newProcess(t *testing.T, path string, pid int, model *fake.Model, tls agent.Toolset) process {
	t.Helper()
	sqlDB, err := db.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	msgs, sess := message.NewService(sqlDB, message.Options{}), session.NewService(sqlDB)
	leases := session.NewLeases(sqlDB, session.LeaseOptions{PID: pid, Hostname: "h", Alive: func(int) bool { return true }})
	co := agent.NewCoordinator(agent.Config{
		Large: []agent.Candidate{candidate("a", model)}, WorkDir: t.TempDir(), DisableTitles: true, DisableGit: true,
	}, agent.Deps{Messages: msgs, Sessions: sess, Tools: tls, Leases: leases})
	t.Cleanup(func() {
		co.Close()
		msgs.Close()
		sess.Close()
		sqlDB.Close()
	})
	return process{co: co, msgs: msgs}
}

func userTexts(t *testing.T, msgs *message.Service, sid string) []string {
	t.Helper()
	all, err := msgs.List(t.Context(), sid)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range all {
		if m.Role == llm.RoleUser {
			out = append(out, string(m.Status)+":"+m.LLM().Text())
		}
	}
	return out
}

func TestPromptFromAnotherProcessJoinsTheRunningTurn(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone.db")
	started, release := make(chan string, 1), make(chan struct{})
	holderTools := agenttest.NewTools().Add("wait", false, blockingTool(started, release))
	model := fake.New(fake.Turn{fake.ToolCall("wait", nil)}, fake.Turn{fake.Text("Both done.")})
	a := newProcess(t, path, 100, model, holderTools)
	b := newProcess(t, path, 200, fake.New(), agenttest.NewTools())
	s, err := session.NewService(openDB(t, path)).Create(t.Context(), "/p")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *agent.Result, 1)
	go func() {
		res, _ := a.co.Run(context.WithoutCancel(t.Context()), s.ID, "first", nil)
		done <- res
	}()
	wait(t, started, "the holder's tool")
	res, err := b.co.Run(t.Context(), s.ID, "second", nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != agent.ExitQueued || res.Holder == nil || res.Holder.PID != 100 {
		t.Fatalf("the second process's run = %+v, want queued into pid 100's turn", res)
	}
	close(release)
	if res := wait(t, done, "the holder's turn"); res.Reason != agent.ExitDone {
		t.Fatalf("holder result %+v", res)
	}
	if got := userTexts(t, a.msgs, s.ID); !slices.Equal(got, []string{"done:first", "done:second"}) {
		t.Errorf("prompts = %q, want the second folded into the first's turn", got)
	}
	if reqs := model.Requests(); len(reqs) != 2 || reqs[1].Messages[len(reqs[1].Messages)-1].Text() != "second" {
		t.Errorf("the holder's next step did not carry the queued prompt")
	}
}

func TestPromptQueuedForAClosingTurnRunsOnceTheLeaseIsFree(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hone.db")
	sqlDB := openDB(t, path)
	s, err := session.NewService(sqlDB).Create(t.Context(), "/p")
	if err != nil {
		t.Fatal(err)
	}
	// Another process (pid 100) holds the lease and is closing its turn:
	// it will not take queued prompts any more.
	holder := session.NewLeases(sqlDB, session.LeaseOptions{PID: 100, Hostname: "h", Alive: func(int) bool { return true }})
	lease, err := holder.Acquire(t.Context(), s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if pending, err := lease.Close(t.Context()); err != nil || pending {
		t.Fatalf("close: %v %v", pending, err)
	}
	model := fake.New(fake.Turn{fake.Text("Answered the late prompt.")})
	b := newProcess(t, path, 200, model, agenttest.NewTools().Add("glob", true, agenttest.Echo))
	done := make(chan *agent.Result, 1)
	go func() {
		res, _ := b.co.Run(context.WithoutCancel(t.Context()), s.ID, "late", nil)
		done <- res
	}()
	// b waits: its prompt is stored as queued, no one takes it yet.
	for len(userTexts(t, b.msgs, s.ID)) == 0 {
		select {
		case res := <-done:
			t.Fatalf("run ended while the closing holder kept the lease: %+v", res)
		default:
		}
	}
	if err := lease.Release(t.Context()); err != nil {
		t.Fatal(err)
	}
	res := wait(t, done, "the late run")
	if res.Reason != agent.ExitDone || res.Text != "Answered the late prompt." {
		t.Fatalf("result %+v", res)
	}
	if got := userTexts(t, b.msgs, s.ID); !slices.Equal(got, []string{"done:late"}) {
		t.Errorf("prompts = %q, want the late prompt once", got)
	}
}

func openDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	sqlDB, err := db.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sqlDB.Close() })
	return sqlDB
}
