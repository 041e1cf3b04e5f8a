package message

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// final reports whether m is written with its outline: every status but
// streaming, whose values are replaced many times a second.
func final(m Message) bool { return m.Status != StatusStreaming }

// putOutline stores the outline of a final m, replacing any, if m is
// still what its row holds (a later write, by this process or another,
// drops the outline through the trigger message_outlines_stale and wins).
func putOutline(ctx context.Context, db execer, m Message) error {
	if !final(m) {
		return nil
	}
	_, err := db.ExecContext(ctx, putOutlineSQL, encodeOutline(NewOutline(m, true)), m.ID, string(m.Status), m.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store outline: %w", err)
	}
	return nil
}

// write runs fn, which writes m, and also; when m is final, its outline
// is stored in the same transaction.
func (s *Service) write(ctx context.Context, m Message, fn func(execer) error, also ...Also) error {
	if !final(m) && len(also) == 0 {
		return fn(s.db)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }() // a no-op after Commit
	if err := fn(tx); err != nil {
		return err
	}
	for _, w := range also {
		if err := w(ctx, tx); err != nil {
			return err
		}
	}
	if err := putOutline(ctx, tx, m); err != nil {
		return err
	}
	return tx.Commit()
}

// EachOutline calls fn with the outline of every message of a session in
// creation order. It reads the stored outlines, which hold a few KB of
// the largest messages, and reads whole only the messages that have
// none (streaming ones, rows older than outlines) or an unwritten update.
// It stops at fn's first error and returns it. SQLite's stepping runs on
// a goroutine of its own (outlineScan), a batch of rows ahead of the
// decoding and fn.
func (s *Service) EachOutline(ctx context.Context, sessionID string, fn func(Outline) error) error {
	snap := s.unwrittenAll()
	conn, err := s.scanConn(ctx)
	if err != nil {
		return fmt.Errorf("list messages of session %s: %w", sessionID, err)
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, outlineQuery(), []byte{outlineVersion}, sessionID)
	if err != nil {
		return fmt.Errorf("list messages of session %s: %w", sessionID, err)
	}
	defer rows.Close()
	fnErr, scanErr := newOutlineScan(rows).each(func(r *outlineRow) error {
		o, ok, err := s.rowOutline(ctx, r, snap)
		if err != nil {
			return fmt.Errorf("list messages of session %s: %w", sessionID, err)
		}
		if !ok {
			return nil // deleted meanwhile
		}
		return fn(o)
	})
	if fnErr != nil {
		return fnErr
	}
	if scanErr != nil {
		return fmt.Errorf("list messages of session %s: %w", sessionID, scanErr)
	}
	return nil
}

// outlineQuery lists a session's messages (index on session_id, seq)
// with their outlines of this version, and the messages' own columns
// only where there is none: SQLite reads a message's row only when a
// column of it is evaluated, so a session with outlines is read without
// the pages of its parts. The outline comes as text, so that the
// driver's one copy of it is the string the outline's fields share, and
// a message's own columns but its parts come as one JSON array
// (wholeColumns): the driver's work is per column, on every row.
func outlineQuery() string {
	return `SELECT m.seq, CAST(o.outline AS TEXT),
		CASE WHEN o.seq IS NULL THEN json_array(` + wholeColumns + `) END,
		CASE WHEN o.seq IS NULL THEN m.parts END
		FROM messages AS m LEFT JOIN message_outlines AS o
		ON o.seq = m.seq AND substr(o.outline, 1, 1) = ?
		WHERE m.session_id = ? ORDER BY m.seq`
}

// wholeColumns are a message's columns but its parts, in the order
// outlineRow.message reads them.
const wholeColumns = `m.id, m.session_id, m.role, m.status, m.model, m.provider,
	m.is_summary, m.finish_reason, m.created_at, m.updated_at, m.finished_at`

// outlineRow is a row of outlineQuery: a stored outline, or the
// message's own columns where there is none.
type outlineRow struct {
	seq   int64
	rec   sql.NullString
	whole sql.NullString // wholeColumns as a JSON array
	parts []byte
}

func (r *outlineRow) dests() []any { return []any{&r.seq, &r.rec, &r.whole, &r.parts} }

// message returns the message of a row without an outline.
func (r *outlineRow) message() (Message, error) {
	var (
		m                    Message
		role, status, finish string
		summary              int64
	)
	cols := [...]any{&m.ID, &m.SessionID, &role, &status, &m.Model, &m.Provider,
		&summary, &finish, &m.CreatedAt, &m.UpdatedAt, &m.FinishedAt}
	if err := json.Unmarshal([]byte(r.whole.String), &cols); err != nil {
		return Message{}, fmt.Errorf("message %d: %w", r.seq, err)
	}
	m.IsSummary = summary != 0
	if err := fillRow(&m, role, status, finish, r.parts); err != nil {
		return Message{}, err
	}
	return m, nil
}

// rowOutline returns the outline of the row's message: the stored one,
// or one made from the message read whole where there is none, it does
// not decode or the message has an unwritten update. False when the
// message no longer exists.
func (s *Service) rowOutline(ctx context.Context, r *outlineRow, snap map[string]Message) (Outline, bool, error) {
	if !r.rec.Valid {
		m, err := r.message()
		if err != nil {
			return Outline{}, false, err
		}
		if u, ok := snap[m.ID]; ok {
			m = overlay(m, u)
		}
		return NewOutline(m, true), true, nil
	}
	o, ok := decodeOutline(r.rec.String)
	if _, pending := snap[o.ID]; ok && !pending {
		return o, true, nil
	}
	return s.outlineWhole(ctx, r.seq, snap)
}

// outlineWhole reads the message at seq whole and outlines it; false
// when it no longer exists.
func (s *Service) outlineWhole(ctx context.Context, seq int64, snap map[string]Message) (Outline, bool, error) {
	m, err := scanMessage(s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM messages WHERE seq = ?`, seq))
	if errors.Is(err, sql.ErrNoRows) {
		return Outline{}, false, nil
	}
	if err != nil {
		return Outline{}, false, fmt.Errorf("message %d: %w", seq, err)
	}
	if u, ok := snap[m.ID]; ok {
		m = overlay(m, u)
	}
	return NewOutline(m, true), true, nil
}

// scanPages is the page cache of a connection that reads a long session
// once: every page is read once, so a cache the size of the default (2
// MB) would only cost fresh memory.
const scanPages = 64

// scanConn returns a connection whose page cache is scanPages pages until
// it is closed.
func (s *Service) scanConn(ctx context.Context) (*scanConnection, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	var size int64
	if err := conn.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&size); err != nil {
		return nil, errors.Join(err, conn.Close())
	}
	if _, err := conn.ExecContext(ctx, `PRAGMA cache_size = `+strconv.Itoa(scanPages)); err != nil {
		return nil, errors.Join(err, conn.Close())
	}
	return &scanConnection{Conn: conn, size: size}, nil
}

// scanConnection puts the page cache size back when closed.
type scanConnection struct {
	*sql.Conn
	size int64
}

func (c *scanConnection) Close() error {
	_, err := c.ExecContext(context.Background(), `PRAGMA cache_size = `+strconv.FormatInt(c.size, 10))
	return errors.Join(err, c.Conn.Close())
}

// putOutlineSQL stores a final message's outline (putOutline).
const putOutlineSQL = `INSERT OR REPLACE INTO message_outlines (seq, outline)
		SELECT seq, ? FROM messages WHERE id = ? AND status = ? AND updated_at = ?`

// FinalWriteStatements are the statements a message's final write runs,
// for db.Warm: its update (which no streaming write has run before when
// the whole answer came within one coalescing interval, as a short one
// does) and its outline.
func FinalWriteStatements() []string { return []string{updateMessageSQL, putOutlineSQL} }
