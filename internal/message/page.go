package message

import (
	"context"
	"database/sql"
	"fmt"
)

// A long session is read in pieces: the tail first (the TUI), a page of
// older messages on demand, the history from the latest summary onward
// (the agent), or one row at a time (sessions show). Each reads only the
// rows it returns and applies unwritten streaming updates like List.

// ListTail returns the last n messages of a session in creation order and
// whether older ones exist.
func (s *Service) ListTail(ctx context.Context, sessionID string, n int) ([]Message, bool, error) {
	return s.page(ctx, sessionID, "", n)
}

// ListBefore returns up to n messages created before the message with id
// beforeID, in creation order, and whether still older ones exist.
// ErrNotFound when beforeID is not a message of the session.
func (s *Service) ListBefore(ctx context.Context, sessionID, beforeID string, n int) ([]Message, bool, error) {
	if _, err := s.seqOf(ctx, sessionID, beforeID); err != nil {
		return nil, false, err
	}
	return s.page(ctx, sessionID, beforeID, n)
}

// ListSince returns the session's messages from the message with id
// fromID onward (a summary), in creation order; every message when fromID
// is "" or not a message of the session.
func (s *Service) ListSince(ctx context.Context, sessionID, fromID string) ([]Message, error) {
	if fromID == "" {
		return s.List(ctx, sessionID)
	}
	seq, err := s.seqOf(ctx, sessionID, fromID)
	if err != nil {
		return s.List(ctx, sessionID)
	}
	snap := s.unwrittenAll()
	msgs, err := queryMessages(ctx, s.db, sessionID,
		`SELECT `+columns+` FROM messages WHERE session_id = ? AND seq >= ? ORDER BY seq`, sessionID, seq)
	if err != nil {
		return nil, err
	}
	return applyUnwritten(msgs, snap), nil
}

// Each calls fn with every message of a session in creation order,
// decoding one row at a time, so a long session is never held whole. It
// stops at fn's first error and returns it.
func (s *Service) Each(ctx context.Context, sessionID string, fn func(Message) error) error {
	snap := s.unwrittenAll()
	rows, err := s.db.QueryContext(ctx,
		`SELECT `+columns+` FROM messages WHERE session_id = ? ORDER BY seq`, sessionID)
	if err != nil {
		return fmt.Errorf("list messages of session %s: %w", sessionID, err)
	}
	defer rows.Close()
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return fmt.Errorf("list messages of session %s: %w", sessionID, err)
		}
		if u, ok := snap[m.ID]; ok {
			m = overlay(m, u)
		}
		if err := fn(m); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("list messages of session %s: %w", sessionID, err)
	}
	return nil
}

// page reads the n messages before beforeID ("" for the end), newest
// first from the index, and returns them oldest first.
func (s *Service) page(ctx context.Context, sessionID, beforeID string, n int) ([]Message, bool, error) {
	if n <= 0 {
		return nil, false, fmt.Errorf("list messages of session %s: page size %d", sessionID, n)
	}
	snap := s.unwrittenAll()
	cond, args := "", []any{sessionID}
	if beforeID != "" {
		cond = ` AND seq < (SELECT seq FROM messages WHERE id = ?)`
		args = append(args, beforeID)
	}
	args = append(args, n+1)
	msgs, err := queryMessages(ctx, s.db, sessionID,
		`SELECT `+columns+` FROM messages WHERE session_id = ?`+cond+` ORDER BY seq DESC LIMIT ?`, args...)
	if err != nil {
		return nil, false, err
	}
	more := len(msgs) > n
	if more {
		msgs = msgs[:n]
	}
	for i, j := 0, len(msgs)-1; i < j; i, j = i+1, j-1 {
		msgs[i], msgs[j] = msgs[j], msgs[i]
	}
	return applyUnwritten(msgs, snap), more, nil
}

// seqOf returns the position of message id within the session.
func (s *Service) seqOf(ctx context.Context, sessionID, id string) (int64, error) {
	var seq int64
	err := s.db.QueryRowContext(ctx, `SELECT seq FROM messages WHERE id = ? AND session_id = ?`, id, sessionID).Scan(&seq)
	if err == sql.ErrNoRows {
		return 0, fmt.Errorf("message %s of session %s: %w", id, sessionID, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("message %s of session %s: %w", id, sessionID, err)
	}
	return seq, nil
}

func applyUnwritten(msgs []Message, snap map[string]Message) []Message {
	for i, m := range msgs {
		if u, ok := snap[m.ID]; ok {
			msgs[i] = overlay(m, u)
		}
	}
	return msgs
}
