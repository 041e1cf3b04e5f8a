package session_test

import (
	"context"
	"errors"
	"testing"

	"github.com/honecode/hone/internal/db"
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
