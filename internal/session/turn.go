package session

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/pubsub"
)

const turnColumns = `id, session_id, message_id, provider, model, failovers, latency_ms, ttft_ms,
	input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, finish_reason,
	error, created_at, model_switch`

// AddTurn records one model step and returns it with its ID and CreatedAt
// (when zero) set.
func (s *Service) AddTurn(ctx context.Context, t Turn) (Turn, error) {
	t, err := insertTurn(ctx, s.db, t)
	if err != nil {
		return Turn{}, fmt.Errorf("add turn to session %s: %w", t.SessionID, err)
	}
	return t, nil
}

// AddStep is AddUsage then AddTurn in one transaction, one commit on the
// agent's way from a model's answer to its tools: it records the step t
// and, unless its tokens and cost are all zero, adds them to the
// session's counters and sets its ContextTokens to contextTokens. Nothing
// is stored when either fails.
func (s *Service) AddStep(ctx context.Context, t Turn, contextTokens int64) (Turn, error) {
	w := s.BeginStep(t, contextTokens)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return w.End(err)
	}
	defer func() { _ = tx.Rollback() }() // a no-op after Commit
	if err = w.Write(ctx, tx); err == nil {
		err = tx.Commit()
	}
	return w.End(err)
}

// StepWrite is AddStep's write inside the transaction of another one
// (message.Service.UpdateWith): the agent stores a step's final message
// and its usage and trace row in one commit, together or not at all.
type StepWrite struct {
	s      *Service
	t      Turn
	tokens int64
	sess   *Session // the session's row after the usage was added
	wrote  bool
}

// BeginStep starts storing step t as AddStep(ctx, t, contextTokens)
// does. The session's other updates wait until End, so that its
// subscribers never receive an older row after a newer one: call End
// once, whatever happened.
func (s *Service) BeginStep(t Turn, contextTokens int64) *StepWrite {
	s.updateMu.Lock()
	return &StepWrite{s: s, t: t, tokens: contextTokens}
}

// Write stores the step in tx (a message.Also).
func (w *StepWrite) Write(ctx context.Context, tx *sql.Tx) error {
	if w.t.HasUsage() {
		got, err := updateRow(ctx, tx, w.t.SessionID, "add usage", addUsageSet,
			w.t.InputTokens, w.t.OutputTokens, w.t.CacheRead, w.t.CacheWrite, w.t.Cost, w.tokens, time.Now().UnixMilli())
		if err != nil {
			return err
		}
		w.sess = &got
	}
	t, err := insertTurn(ctx, tx, w.t)
	if err != nil {
		return fmt.Errorf("add turn: %w", err)
	}
	w.t, w.wrote = t, true
	return nil
}

// End takes the outcome of the transaction that ran Write (nil: it
// committed), publishes the session's new row when it did, and returns
// the stored trace row with its ID.
func (w *StepWrite) End(err error) (Turn, error) {
	defer w.s.updateMu.Unlock()
	if err == nil && !w.wrote {
		err = errors.New("the transaction did not run the step's write")
	}
	if err != nil {
		return Turn{}, fmt.Errorf("add step to session %s: %w", w.t.SessionID, err)
	}
	if w.sess != nil {
		w.s.broker.Publish(pubsub.Updated, *w.sess)
	}
	return w.t, nil
}

// HasUsage reports whether the step used any tokens or cost anything
// (AddStep adds nothing to the session's counters otherwise).
func (t Turn) HasUsage() bool {
	return t.InputTokens != 0 || t.OutputTokens != 0 || t.CacheRead != 0 || t.CacheWrite != 0 || t.Cost != 0
}

// rowQuerier is a *sql.DB or a *sql.Tx.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// insertTurn stores t and returns it with its ID and CreatedAt (when
// zero) set.
func insertTurn(ctx context.Context, q rowQuerier, t Turn) (Turn, error) {
	if t.CreatedAt == 0 {
		t.CreatedAt = time.Now().UnixMilli()
	}
	failovers := t.Failovers
	if failovers == nil {
		failovers = []string{}
	}
	fo, err := json.Marshal(failovers)
	if err != nil {
		return t, err
	}
	sw := ""
	if t.Switch != nil {
		b, err := json.Marshal(t.Switch)
		if err != nil {
			return t, err
		}
		sw = string(b)
	}
	err = q.QueryRowContext(ctx, insertTurnSQL,
		t.SessionID, t.MessageID, t.Provider, t.Model, string(fo), t.LatencyMS, t.TTFTMS,
		t.InputTokens, t.OutputTokens, t.CacheRead, t.CacheWrite, t.Cost, t.FinishReason,
		t.Error, t.CreatedAt, sw).Scan(&t.ID)
	return t, err
}

// Turns returns the session's model steps in the order they were added.
func (s *Service) Turns(ctx context.Context, sessionID string) ([]Turn, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT `+turnColumns+` FROM turns WHERE session_id = ? ORDER BY id`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("turns of session %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []Turn
	for rows.Next() {
		var (
			t      Turn
			fo, sw string
		)
		if err := rows.Scan(&t.ID, &t.SessionID, &t.MessageID, &t.Provider, &t.Model, &fo,
			&t.LatencyMS, &t.TTFTMS, &t.InputTokens, &t.OutputTokens, &t.CacheRead,
			&t.CacheWrite, &t.Cost, &t.FinishReason, &t.Error, &t.CreatedAt, &sw); err != nil {
			return nil, fmt.Errorf("turns of session %s: %w", sessionID, err)
		}
		if err := json.Unmarshal([]byte(fo), &t.Failovers); err != nil {
			return nil, fmt.Errorf("decode failovers of turn %d: %w", t.ID, err)
		}
		if len(t.Failovers) == 0 {
			t.Failovers = nil
		}
		if sw != "" {
			t.Switch = new(ModelSwitch)
			if err := json.Unmarshal([]byte(sw), t.Switch); err != nil {
				return nil, fmt.Errorf("decode model switch of turn %d: %w", t.ID, err)
			}
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("turns of session %s: %w", sessionID, err)
	}
	return out, nil
}

// insertTurnSQL stores a step's trace row (insertTurn).
const insertTurnSQL = `INSERT INTO turns (session_id, message_id, provider, model,
		failovers, latency_ms, ttft_ms, input_tokens, output_tokens, cache_read_tokens,
		cache_write_tokens, cost, finish_reason, error, created_at, model_switch)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`

// TurnEndStatements are the statements a step's and a turn's end run
// (AddStep with usage, Lease.Close, Lease.Release), for db.Warm.
func TurnEndStatements() []string {
	return []string{updateSQL(addUsageSet), insertTurnSQL, leaseQueuedSQL, leaseClosingSQL, leaseReleaseSQL}
}
