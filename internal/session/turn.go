package session

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

const turnColumns = `id, session_id, message_id, provider, model, failovers, latency_ms, ttft_ms,
	input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, finish_reason,
	error, created_at, model_switch`

// AddTurn records one model step and returns it with its ID and CreatedAt
// (when zero) set.
func (s *Service) AddTurn(ctx context.Context, t Turn) (Turn, error) {
	if t.CreatedAt == 0 {
		t.CreatedAt = time.Now().UnixMilli()
	}
	failovers := t.Failovers
	if failovers == nil {
		failovers = []string{}
	}
	fo, err := json.Marshal(failovers)
	if err != nil {
		return Turn{}, fmt.Errorf("add turn to session %s: %w", t.SessionID, err)
	}
	sw := ""
	if t.Switch != nil {
		b, err := json.Marshal(t.Switch)
		if err != nil {
			return Turn{}, fmt.Errorf("add turn to session %s: %w", t.SessionID, err)
		}
		sw = string(b)
	}
	err = s.db.QueryRowContext(ctx, `INSERT INTO turns (session_id, message_id, provider, model,
		failovers, latency_ms, ttft_ms, input_tokens, output_tokens, cache_read_tokens,
		cache_write_tokens, cost, finish_reason, error, created_at, model_switch)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		t.SessionID, t.MessageID, t.Provider, t.Model, string(fo), t.LatencyMS, t.TTFTMS,
		t.InputTokens, t.OutputTokens, t.CacheRead, t.CacheWrite, t.Cost, t.FinishReason,
		t.Error, t.CreatedAt, sw).Scan(&t.ID)
	if err != nil {
		return Turn{}, fmt.Errorf("add turn to session %s: %w", t.SessionID, err)
	}
	return t, nil
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
