package agent_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// The real services and the tool registry are what the app wires in.
var (
	_ agent.MessageStore   = (*message.Service)(nil)
	_ agent.SessionStore   = (*session.Service)(nil)
	_ agent.ChildSessions  = (*session.Service)(nil)
	_ agent.OperationLog   = (*session.Service)(nil)
	_ agent.Toolset        = (*tools.Registry)(nil)
	_ tools.SubAgentRunner = (*agent.Coordinator)(nil)
)

// store is the real SQLite-backed services over one database file.
type store struct {
	db   *sql.DB
	msgs *message.Service
	sess *session.Service
}

func openStore(t *testing.T, path string) store {
	t.Helper()
	sqlDB, err := db.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	s := store{db: sqlDB, msgs: message.NewService(sqlDB, message.Options{}), sess: session.NewService(sqlDB)}
	t.Cleanup(func() { s.close(sqlDB) })
	return s
}

func (s store) close(sqlDB *sql.DB) {
	s.msgs.Close()
	s.sess.Close()
	sqlDB.Close()
}

func sqliteCoordinator(t *testing.T, st store, model *fake.Model, dir string) *agent.Coordinator {
	t.Helper()
	reg := tools.NewRegistry(tools.Builtins(&tools.Env{WorkDir: dir})...)
	co := agent.NewCoordinator(agent.Config{
		Large:         []agent.Candidate{candidate("a", model)},
		WorkDir:       dir,
		DisableTitles: true,
		DisableGit:    true,
	}, agent.Deps{Messages: st.msgs, Sessions: st.sess, Children: st.sess, Operations: st.sess, Tools: reg, SubAgentTools: reg.Subset("view", "glob", "grep", "ls")})
	t.Cleanup(func() { co.Close() })
	return co
}

func TestSQLiteToolTurn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() { println(\"hi\") }\n"), 0o644)
	m := fake.New(
		fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*.go"}), fake.ToolCall("ls", map[string]any{"path": dir}),
			fake.Usage(llm.Usage{Input: 500, Output: 20})},
		fake.Turn{fake.ToolCall("view", map[string]any{"file_path": filepath.Join(dir, "main.go")})},
		fake.Turn{fake.Text("It prints hi.")},
	)
	st := openStore(t, filepath.Join(t.TempDir(), "hone.db"))
	co := sqliteCoordinator(t, st, m, dir)
	s, err := st.sess.Create(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := co.Run(t.Context(), s.ID, "what does main.go do?", nil)
	if err != nil || res.Reason != agent.ExitDone || res.Text != "It prints hi." {
		t.Fatalf("run: %+v %v", res, err)
	}
	m.AssertConsumed(t)
	reqs := m.Requests()
	checkValid(t, reqs[2].Messages)
	first := results(reqs[1].Messages[2])
	if len(first) != 2 || !strings.Contains(first[0].Text, "main.go") || first[0].IsError || first[1].IsError {
		t.Errorf("glob and ls results %+v", first)
	}
	if view := results(reqs[2].Messages[4]); !strings.Contains(view[0].Text, "println") {
		t.Errorf("view result %+v", view)
	}
	msgs, err := st.msgs.List(t.Context(), s.ID)
	if err != nil || len(msgs) != 6 {
		t.Fatalf("%d stored messages, %v", len(msgs), err)
	}
	turns, err := st.sess.Turns(t.Context(), s.ID)
	if err != nil || len(turns) != 3 || turns[0].InputTokens != 500 {
		t.Errorf("turns %+v %v", turns, err)
	}
	checkOperations(t, st, s.ID, msgs)
}

// checkOperations: every call of the stored assistant messages has one
// operation row, naming that message, the call and the tool.
func checkOperations(t *testing.T, st store, sessionID string, msgs []message.Message) {
	t.Helper()
	ops, err := st.sess.Operations(t.Context(), sessionID)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for _, m := range msgs {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolCall {
				want = append(want, m.ID+" "+p.ToolCallID+" "+p.ToolName)
			}
		}
	}
	for _, op := range ops {
		if op.Kind != session.OpTool || op.Outcome != session.OutcomeOK {
			t.Errorf("operation %+v", op)
		}
		got = append(got, op.MessageID+" "+op.CallID+" "+op.Name)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("operation rows %v, want one per call %v", got, want)
	}
}

func TestSQLiteResumeAfterCrash(t *testing.T) {
	t.Parallel()
	dir, path := t.TempDir(), filepath.Join(t.TempDir(), "hone.db")
	// The crashed process: a prompt, an assistant message still streaming
	// with a finished call, nothing else.
	crashed := openStore(t, path)
	s, _ := crashed.sess.Create(t.Context(), dir)
	ctx := t.Context()
	crashed.msgs.Create(ctx, message.Message{SessionID: s.ID, Role: llm.RoleUser, Status: message.StatusDone, Parts: []llm.Part{llm.Text("look around")}})
	a, _ := crashed.msgs.Create(ctx, message.Message{SessionID: s.ID, Role: llm.RoleAssistant, Status: message.StatusStreaming})
	a.Parts = []llm.Part{llm.Text("Let me"), llm.ToolCallPart("call_1", "ls", "{}")}
	if err := crashed.msgs.Update(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := crashed.msgs.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	m := fake.New(fake.Turn{fake.Text("resumed")}, fake.Turn{fake.Text("still fine")})
	st := openStore(t, path)
	co := sqliteCoordinator(t, st, m, dir)
	if res, err := co.Run(ctx, s.ID, "go on", nil); err != nil || res.Reason != agent.ExitDone {
		t.Fatalf("run: %+v %v", res, err)
	}
	req := m.Requests()[0]
	checkValid(t, req.Messages)
	if got := roles(req.Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "tool", "user"}) {
		t.Fatalf("roles %v", got)
	}
	msgs, _ := st.msgs.List(ctx, s.ID)
	if msgs[1].Status != message.StatusDone || msgs[2].Role != llm.RoleTool {
		t.Errorf("stored repair: %+v / %+v", msgs[1], msgs[2])
	}
	n := len(msgs)
	co.Run(ctx, s.ID, "again", nil)
	msgs, _ = st.msgs.List(ctx, s.ID)
	if len(msgs) != n+2 {
		t.Errorf("%d rows after a second turn, want %d (repair must be idempotent)", len(msgs), n+2)
	}
	m.AssertConsumed(t)
}

func TestSQLiteCancelMidStream(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sig, never := make(chan struct{}), make(chan struct{})
	m := fake.New(
		fake.Turn{fake.Text("partial "), fake.Text("text"), fake.Signal(sig), fake.WaitFor(never)},
		fake.Turn{fake.Text("next")},
	)
	st := openStore(t, filepath.Join(t.TempDir(), "hone.db"))
	co := sqliteCoordinator(t, st, m, dir)
	s, _ := st.sess.Create(t.Context(), dir)
	done := make(chan *agent.Result, 1)
	go func() {
		res, _ := co.Run(context.WithoutCancel(t.Context()), s.ID, "talk", nil)
		done <- res
	}()
	wait(t, sig, "stream")
	co.Cancel(s.ID)
	if res := wait(t, done, "run"); res.Reason != agent.ExitCanceled {
		t.Fatalf("result %+v", res)
	}
	msgs, _ := st.msgs.List(t.Context(), s.ID)
	if len(msgs) != 2 || msgs[1].LLM().Text() != "partial text" || msgs[1].Status != message.StatusDone {
		t.Fatalf("stored %+v", msgs)
	}
	if res, _ := co.Run(t.Context(), s.ID, "continue", nil); res.Reason != agent.ExitDone {
		t.Errorf("next run %+v", res)
	}
	checkValid(t, m.Requests()[1].Messages)
}
