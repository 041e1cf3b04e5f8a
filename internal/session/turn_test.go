package session_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

func TestTurns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(t)
	sess := mustCreate(t, s, "/p")
	first, err := s.AddTurn(ctx, session.Turn{
		SessionID: sess.ID, MessageID: "m1", Provider: "work", Model: "claude",
		Failovers: []string{"other/model: rate_limit"}, LatencyMS: 1200, TTFTMS: 300,
		InputTokens: 100, OutputTokens: 20, CacheRead: 5, CacheWrite: 6, Cost: 0.01, FinishReason: "stop",
	})
	if err != nil {
		t.Fatal(err)
	}
	if first.ID == 0 || first.CreatedAt == 0 {
		t.Fatalf("AddTurn did not fill ID/CreatedAt: %+v", first)
	}
	if _, err := s.AddTurn(ctx, session.Turn{SessionID: sess.ID, Error: "timeout"}); err != nil {
		t.Fatal(err)
	}
	turns, err := s.Turns(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 2 || turns[0].Failovers[0] != "other/model: rate_limit" || turns[0].TTFTMS != 300 ||
		turns[0].CacheWrite != 6 || turns[1].Error != "timeout" || turns[1].Failovers != nil {
		t.Fatalf("turns = %+v", turns)
	}
}

// TestAddStep: one call adds the step's tokens and cost to the session
// and stores its turn row; a step without usage stores its row only; a
// step of an unknown session stores nothing.
func TestAddStep(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newService(t)
	sess := mustCreate(t, s, "/p")
	step, err := s.AddStep(ctx, session.Turn{SessionID: sess.ID, MessageID: "m1", Provider: "p", Model: "m",
		InputTokens: 100, OutputTokens: 20, CacheRead: 5, CacheWrite: 6, Cost: 0.5}, 111)
	if err != nil {
		t.Fatal(err)
	}
	if step.ID == 0 || step.CreatedAt == 0 {
		t.Fatalf("AddStep did not fill ID/CreatedAt: %+v", step)
	}
	if _, err := s.AddStep(ctx, session.Turn{SessionID: sess.ID, MessageID: "m2", Error: "cut"}, 999); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.InputTokens != 100 || got.OutputTokens != 20 || got.CacheReadTokens != 5 || got.CacheWriteTokens != 6 ||
		got.Cost != 0.5 || got.ContextTokens != 111 {
		t.Fatalf("session after steps = %+v", got)
	}
	turns, err := s.Turns(ctx, sess.ID)
	if err != nil || len(turns) != 2 || turns[0].InputTokens != 100 || turns[1].Error != "cut" {
		t.Fatalf("turns = %+v, %v", turns, err)
	}
	if _, err := s.AddStep(ctx, session.Turn{SessionID: "nope", InputTokens: 1}, 1); !errors.Is(err, session.ErrNotFound) {
		t.Fatalf("unknown session: err = %v", err)
	}
	if turns, _ := s.Turns(ctx, "nope"); len(turns) != 0 {
		t.Fatalf("a failed step stored turns: %+v", turns)
	}
}

// TurnEndStatements are the texts AddStep and the lease's close and release
// run: once those ran, warming them prepares nothing more.
func TestTurnEndStatementsAreTheOnesRun(t *testing.T) {
	ctx := context.Background()
	_, sqldb := newService(t)
	list := session.TurnEndStatements()
	if n, err := db.Warm(ctx, sqldb, list); err != nil || n != len(list) {
		t.Fatalf("Warm on a fresh connection = %d, %v; want all %d prepared", n, err, len(list))
	}
	s2, sqldb2 := newService(t)
	sess := mustCreate(t, s2, "/p")
	leases := session.NewLeases(sqldb2, session.LeaseOptions{})
	lease, err := leases.Acquire(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s2.AddStep(ctx, session.Turn{SessionID: sess.ID, Provider: "p", Model: "m", InputTokens: 10, OutputTokens: 2}, 12); err != nil {
		t.Fatal(err)
	}
	if pending, err := lease.Close(ctx); err != nil || pending {
		t.Fatalf("Close = %v, %v", pending, err)
	}
	if err := lease.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := db.Warm(ctx, sqldb2, list); err != nil || n != 0 {
		t.Fatalf("Warm after a turn's end = %d, %v; want 0: a listed text is not one the turn's end runs", n, err)
	}
}

// TestStepWriteCommitsWithTheMessage: a step stored inside the final
// write of its message (message.Service.UpdateWith) lands with it, and
// a message write that fails takes the step's usage and row with it.
func TestStepWriteCommitsWithTheMessage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newService(t)
	msgs := message.NewService(sqldb, message.Options{})
	t.Cleanup(func() { _ = msgs.Close() })
	sess := mustCreate(t, s, "/p")
	m, err := msgs.Create(ctx, message.Message{SessionID: sess.ID, Role: llm.RoleAssistant, Status: message.StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	updates := s.Subscribe(t.Context())
	m.Parts, m.Status = []llm.Part{llm.Text("done")}, message.StatusDone
	w := s.BeginStep(session.Turn{SessionID: sess.ID, MessageID: m.ID, InputTokens: 40, OutputTokens: 2, Cost: 0.25}, 42)
	step, err := w.End(msgs.UpdateWith(ctx, m, w.Write))
	if err != nil || step.ID == 0 {
		t.Fatalf("step = %+v, %v", step, err)
	}
	select {
	case ev := <-updates:
		if ev.Payload.InputTokens != 40 || ev.Payload.ContextTokens != 42 {
			t.Errorf("published session = %+v", ev.Payload)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no session update published")
	}
	if got, _ := msgs.Get(ctx, m.ID); got.Status != message.StatusDone {
		t.Errorf("message status = %s", got.Status)
	}

	m2, err := msgs.Create(ctx, message.Message{SessionID: sess.ID, Role: llm.RoleAssistant, Status: message.StatusStreaming})
	if err != nil {
		t.Fatal(err)
	}
	m2.Status = message.StatusDone
	boom := errors.New("boom")
	w = s.BeginStep(session.Turn{SessionID: sess.ID, MessageID: m2.ID, InputTokens: 1000, Cost: 9}, 1000)
	failAfter := func(context.Context, *sql.Tx) error { return boom } // after the step's write ran
	if _, err := w.End(msgs.UpdateWith(ctx, m2, w.Write, failAfter)); !errors.Is(err, boom) {
		t.Fatalf("End after a failed write = %v, want boom", err)
	}
	if got, _ := msgs.Get(ctx, m2.ID); got.Status != message.StatusStreaming {
		t.Errorf("message status after a failed write = %s", got.Status)
	}
	got, err := s.Get(ctx, sess.ID)
	if err != nil || got.InputTokens != 40 || got.Cost != 0.25 || got.ContextTokens != 42 {
		t.Fatalf("session after a failed write = %+v, %v; want the first step's usage only", got, err)
	}
	if turns, _ := s.Turns(ctx, sess.ID); len(turns) != 1 {
		t.Fatalf("turns = %+v; want the first step's row only", turns)
	}
	// End released the session: its other updates go on.
	if err := s.SetTitle(ctx, sess.ID, "after"); err != nil {
		t.Fatal(err)
	}
}
