package session_test

import (
	"context"
	"testing"

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
