package agent_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tools"
)

// finalWrites is the message service, counting the final writes that
// carried the step's accounting; fail makes each of those fail before it
// writes anything.
type finalWrites struct {
	*message.Service
	with atomic.Int32
	fail bool
}

func (f *finalWrites) UpdateWith(ctx context.Context, m message.Message, also ...message.Also) error {
	if len(also) > 0 {
		f.with.Add(1)
		if f.fail {
			return errors.New("injected failure")
		}
	}
	return f.Service.UpdateWith(ctx, m, also...)
}

// TestStepIsStoredWithItsFinalMessage: each step's usage and trace row go
// in the transaction of its final message; when that transaction fails,
// both are still stored, apart.
func TestStepIsStoredWithItsFinalMessage(t *testing.T) {
	t.Parallel()
	for _, fail := range []bool{false, true} {
		dir := t.TempDir()
		st := openStore(t, filepath.Join(t.TempDir(), "hone.db"))
		msgs := &finalWrites{Service: st.msgs, fail: fail}
		model := fake.New(
			fake.Turn{fake.ToolCall("ls", map[string]any{"path": dir}), fake.Usage(llm.Usage{Input: 300, Output: 10})},
			fake.Turn{fake.Text("Nothing here."), fake.Usage(llm.Usage{Input: 400, Output: 5})},
		)
		reg := tools.NewRegistry(tools.Builtins(&tools.Env{WorkDir: dir})...)
		co := agent.NewCoordinator(agent.Config{
			Large: []agent.Candidate{candidate("a", model)}, WorkDir: dir, DisableTitles: true, DisableGit: true,
		}, agent.Deps{Messages: msgs, Sessions: st.sess, Tools: reg})
		t.Cleanup(func() { co.Close() })
		s, err := st.sess.Create(t.Context(), dir)
		if err != nil {
			t.Fatal(err)
		}
		res, err := co.Run(t.Context(), s.ID, "what is here?", nil)
		if err != nil || res.Reason != agent.ExitDone {
			t.Fatalf("fail=%v: run: %+v %v", fail, res, err)
		}
		if n := msgs.with.Load(); n != 2 {
			t.Errorf("fail=%v: %d final writes carried their step, want 2", fail, n)
		}
		stored, err := st.msgs.List(t.Context(), s.ID)
		if err != nil {
			t.Fatal(err)
		}
		var answers []string
		for _, m := range stored {
			if m.Role == llm.RoleAssistant {
				if m.Status != message.StatusDone {
					t.Errorf("fail=%v: assistant message %s stored as %s", fail, m.ID, m.Status)
				}
				answers = append(answers, m.ID)
			}
		}
		turns, err := st.sess.Turns(t.Context(), s.ID)
		if err != nil || len(turns) != 2 || len(answers) != 2 {
			t.Fatalf("fail=%v: turns %+v, answers %v, %v", fail, turns, answers, err)
		}
		for i, row := range turns {
			if row.MessageID != answers[i] || row.ID == 0 {
				t.Errorf("fail=%v: step %d row %+v, want message %s", fail, i, row, answers[i])
			}
		}
		got, err := st.sess.Get(t.Context(), s.ID)
		if err != nil || got.InputTokens != 700 || got.OutputTokens != 15 {
			t.Errorf("fail=%v: session usage %+v, %v", fail, got, err)
		}
	}
}
