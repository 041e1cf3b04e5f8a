package session

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/message"
)

// Operation kinds.
const (
	OpTool = "tool"
)

// Outcomes of a tool operation.
const (
	OutcomeOK          = "ok"
	OutcomeError       = "error"
	OutcomeDenied      = "denied"
	OutcomeTruncated   = "truncated" // the result was cut; its whole text is an artifact
	OutcomeInterrupted = "interrupted"
)

// Operation is one operation of a turn besides its model steps: a tool
// call with its latency, result size and outcome. Model steps are Turn
// rows; sub-agents are child sessions (ParentCallID names the call).
type Operation struct {
	ID        int64  `json:"id"`
	SessionID string `json:"session_id"`
	// MessageID is the assistant message whose call this was.
	MessageID   string `json:"message_id"`
	CallID      string `json:"call_id"`
	Kind        string `json:"kind"`
	Name        string `json:"name"`
	Outcome     string `json:"outcome"`
	LatencyMS   int64  `json:"latency_ms"`
	ResultBytes int64  `json:"result_bytes"`
	StartedAt   int64  `json:"started_at"` // unix ms
}

// AddOperation records an operation.
func (s *Service) AddOperation(ctx context.Context, op Operation) error {
	return insertOperation(ctx, s.db, op)
}

// OperationWrite is the write of ops for message.Service.CreateWith: the
// agent stores a tool message and the operation rows of its calls in one
// transaction.
func (s *Service) OperationWrite(ops ...Operation) message.Also {
	return func(ctx context.Context, tx *sql.Tx) error {
		for _, op := range ops {
			if err := insertOperation(ctx, tx, op); err != nil {
				return err
			}
		}
		return nil
	}
}

// execer runs one statement: a *sql.DB or a *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func insertOperation(ctx context.Context, q execer, op Operation) error {
	if op.StartedAt == 0 {
		op.StartedAt = time.Now().UnixMilli()
	}
	_, err := q.ExecContext(ctx, `INSERT INTO operations (session_id, message_id, call_id,
		kind, name, outcome, latency_ms, result_bytes, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		op.SessionID, op.MessageID, op.CallID, op.Kind, op.Name, op.Outcome, op.LatencyMS,
		op.ResultBytes, op.StartedAt)
	if err != nil {
		return fmt.Errorf("add operation to session %s: %w", op.SessionID, err)
	}
	return nil
}

// Operations returns the session's operations in the order they were
// recorded.
func (s *Service) Operations(ctx context.Context, sessionID string) ([]Operation, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, session_id, message_id, call_id, kind, name,
		outcome, latency_ms, result_bytes, started_at FROM operations WHERE session_id = ? ORDER BY id`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("operations of session %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []Operation
	for rows.Next() {
		var o Operation
		if err := rows.Scan(&o.ID, &o.SessionID, &o.MessageID, &o.CallID, &o.Kind, &o.Name,
			&o.Outcome, &o.LatencyMS, &o.ResultBytes, &o.StartedAt); err != nil {
			return nil, fmt.Errorf("operations of session %s: %w", sessionID, err)
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("operations of session %s: %w", sessionID, err)
	}
	return out, nil
}

// Children returns the sub-agent sessions of parentID, oldest first.
func (s *Service) Children(ctx context.Context, parentID string) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM sessions
		WHERE parent_session_id = ? ORDER BY created_at, id`, parentID)
	if err != nil {
		return nil, fmt.Errorf("children of session %s: %w", parentID, err)
	}
	out, err := scanSessions(rows)
	if err != nil {
		return nil, fmt.Errorf("children of session %s: %w", parentID, err)
	}
	return out, nil
}
