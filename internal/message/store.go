package message

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

const columns = `id, session_id, role, parts, status, model, provider, is_summary,
	finish_reason, created_at, updated_at, finished_at`

// execer is what single statements need: a *sql.DB or a *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func insertMessage(ctx context.Context, db execer, m Message) error {
	parts, err := encodeParts(m.Parts)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO messages (`+columns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, m.SessionID, string(m.Role), parts, string(m.Status), m.Model, m.Provider,
		m.IsSummary, string(m.FinishReason), m.CreatedAt, m.UpdatedAt, m.FinishedAt)
	return err
}

// updateMessageSQL stores a new value of a message (updateMessage).
const updateMessageSQL = `UPDATE messages SET parts = ?, status = ?, model = ?,
		provider = ?, is_summary = ?, finish_reason = ?, updated_at = ?, finished_at = ?
		WHERE id = ?`

// updateMessage writes the mutable fields of m; ErrNotFound when no row
// has its id.
func updateMessage(ctx context.Context, db execer, m Message) error {
	parts, err := encodeParts(m.Parts)
	if err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, updateMessageSQL,
		parts, string(m.Status), m.Model, m.Provider, m.IsSummary, string(m.FinishReason),
		m.UpdatedAt, m.FinishedAt, m.ID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return ErrNotFound
	}
	return nil
}

// updateMessages writes a batch in one transaction, skipping ids that no
// longer exist.
func updateMessages(ctx context.Context, db *sql.DB, batch map[string]Message) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	for _, m := range batch {
		if err := updateMessage(ctx, tx, m); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
	}
	return tx.Commit()
}

func getMessage(ctx context.Context, db *sql.DB, id string) (Message, error) {
	row := db.QueryRowContext(ctx, `SELECT `+columns+` FROM messages WHERE id = ?`, id)
	m, err := scanMessage(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Message{}, fmt.Errorf("get message %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Message{}, fmt.Errorf("get message %s: %w", id, err)
	}
	return m, nil
}

func listMessages(ctx context.Context, db *sql.DB, sessionID string) ([]Message, error) {
	return listMessagesWhere(ctx, db, sessionID, "")
}

// listMessagesWhere lists a session's messages that also match cond (an
// SQL condition starting with AND, "" for all), in creation order.
func listMessagesWhere(ctx context.Context, db *sql.DB, sessionID, cond string) ([]Message, error) {
	return queryMessages(ctx, db, sessionID,
		`SELECT `+columns+` FROM messages WHERE session_id = ?`+cond+` ORDER BY seq`, sessionID)
}

// queryMessages runs a query of the session's messages (selecting
// columns) and decodes every row.
func queryMessages(ctx context.Context, db *sql.DB, sessionID, query string, args ...any) ([]Message, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list messages of session %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return nil, fmt.Errorf("list messages of session %s: %w", sessionID, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list messages of session %s: %w", sessionID, err)
	}
	return out, nil
}

func deleteMessage(ctx context.Context, db *sql.DB, id string) (Message, error) {
	row := db.QueryRowContext(ctx, `DELETE FROM messages WHERE id = ? RETURNING `+columns, id)
	m, err := scanMessage(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Message{}, fmt.Errorf("delete message %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Message{}, fmt.Errorf("delete message %s: %w", id, err)
	}
	return m, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanMessage(sc scanner) (Message, error) {
	var (
		m                    Message
		role, status, finish string
		parts                []byte
	)
	err := sc.Scan(&m.ID, &m.SessionID, &role, &parts, &status, &m.Model, &m.Provider,
		&m.IsSummary, &finish, &m.CreatedAt, &m.UpdatedAt, &m.FinishedAt)
	if err != nil {
		return Message{}, err
	}
	if err := fillRow(&m, role, status, finish, parts); err != nil {
		return Message{}, err
	}
	return m, nil
}

// fillRow sets m's typed columns from a row's strings and decodes its
// parts.
func fillRow(m *Message, role, status, finish string, parts []byte) error {
	m.Role, m.Status, m.FinishReason = llm.Role(role), Status(status), llm.FinishReason(finish)
	return setParts(m, parts)
}

// setParts decodes a row's stored parts into m.
func setParts(m *Message, parts []byte) error {
	var err error
	if m.Parts, err = decodeParts(parts); err != nil {
		return fmt.Errorf("decode parts of message %s: %w", m.ID, err)
	}
	restoreBodies(m.Parts)
	return nil
}

func encodeParts(parts []llm.Part) (string, error) {
	if parts == nil {
		parts = []llm.Part{}
	}
	// Encoding into a Builder copies the encoded parts once; Marshal's
	// []byte would be copied again into the string the TEXT column takes.
	var b strings.Builder
	if err := json.NewEncoder(&b).Encode(shareBodies(parts)); err != nil {
		return "", fmt.Errorf("encode parts: %w", err)
	}
	s := b.String()
	return s[:len(s)-1], nil // Encode ends the value with a newline
}
