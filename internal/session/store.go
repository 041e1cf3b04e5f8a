package session

import (
	"database/sql"
	"encoding/json"
	"fmt"
)

const columns = `id, project_dir, COALESCE(parent_session_id, ''), parent_call_id, title,
	summary_message_id, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens,
	cost, context_tokens, todos, created_at, updated_at, large_model, small_model`

type scanner interface{ Scan(dest ...any) error }

func scanSession(sc scanner) (Session, error) {
	var (
		s     Session
		todos string
	)
	err := sc.Scan(&s.ID, &s.ProjectDir, &s.ParentSessionID, &s.ParentCallID, &s.Title,
		&s.SummaryMessageID, &s.InputTokens, &s.OutputTokens, &s.CacheReadTokens,
		&s.CacheWriteTokens, &s.Cost, &s.ContextTokens, &todos, &s.CreatedAt, &s.UpdatedAt, &s.LargeModel, &s.SmallModel)
	if err != nil {
		return Session{}, err
	}
	if err := json.Unmarshal([]byte(todos), &s.Todos); err != nil {
		return Session{}, fmt.Errorf("decode todos of session %s: %w", s.ID, err)
	}
	if len(s.Todos) == 0 {
		s.Todos = nil
	}
	return s, nil
}

// scanSessions reads and closes rows.
func scanSessions(rows *sql.Rows) ([]Session, error) {
	defer rows.Close()
	var out []Session
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
