package history

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/tools"
)

// version is one row of a file's version chain.
type version struct {
	n       int64
	absent  bool // the file did not exist
	content []byte
}

func (v version) equal(o version) bool {
	return v.absent == o.absent && bytes.Equal(v.content, o.content)
}

// SaveChange records a change made by a tool: the content before it
// (ch.Before, nil when the file did not exist) and after it (ch.After, the
// content written; a file is never recorded as deleted by a change). Both
// are tagged with ch.MessageID, the assistant message of the tool call.
// When the chain's newest version already equals Before (the previous
// change left the file so), it serves as this change's "before" rather
// than being stored again.
func (s *Service) SaveChange(ctx context.Context, ch tools.FileChange) (err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save change of %s: %w", ch.Path, err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	before := version{absent: ch.Before == nil, content: ch.Before}
	latest, found, err := latestVersion(ctx, tx, ch.SessionID, ch.Path)
	if err != nil {
		return fmt.Errorf("save change of %s: %w", ch.Path, err)
	}
	next := latest.n + 1
	if !found || !latest.equal(before) {
		before.n = next
		if err := insertVersion(ctx, tx, ch, before, "before"); err != nil {
			return fmt.Errorf("save change of %s: %w", ch.Path, err)
		}
		next++
	}
	after := version{n: next, content: ch.After}
	if err := insertVersion(ctx, tx, ch, after, "after"); err != nil {
		return fmt.Errorf("save change of %s: %w", ch.Path, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save change of %s: %w", ch.Path, err)
	}
	return nil
}

func latestVersion(ctx context.Context, tx *sql.Tx, sessionID, path string) (version, bool, error) {
	var v version
	err := tx.QueryRowContext(ctx, `SELECT version, absent, content FROM file_versions
		WHERE session_id = ? AND path = ? ORDER BY version DESC LIMIT 1`,
		sessionID, path).Scan(&v.n, &v.absent, &v.content)
	if errors.Is(err, sql.ErrNoRows) {
		return version{}, false, nil
	}
	return v, err == nil, err
}

func insertVersion(ctx context.Context, tx *sql.Tx, ch tools.FileChange, v version, kind string) error {
	content := v.content
	if content == nil {
		content = []byte{} // the column is NOT NULL; absent says whether the file existed
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO file_versions
		(session_id, message_id, path, version, kind, absent, content, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		ch.SessionID, ch.MessageID, ch.Path, v.n, kind, v.absent, content, time.Now().UnixMilli())
	return err
}
