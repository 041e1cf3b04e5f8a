package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/honecode/hone/internal/llm"
)

// undoFile is one file an undo reverts: from after (what the turn left)
// back to before (what the turn found).
type undoFile struct {
	path          string
	before, after version
}

// undoPlan is what UndoLast reverts and which rows it then drops.
type undoPlan struct {
	files  []undoFile
	rowIDs []int64
}

// versionRow is a file_versions row of the turn being undone.
type versionRow struct {
	id   int64
	path string
	kind string
	v    version
}

func (s *Service) planUndo(ctx context.Context, sessionID string) (undoPlan, error) {
	var msgID string
	err := s.db.QueryRowContext(ctx, `SELECT message_id FROM file_versions
		WHERE session_id = ? AND kind = 'after' ORDER BY id DESC LIMIT 1`, sessionID).Scan(&msgID)
	if errors.Is(err, sql.ErrNoRows) {
		return undoPlan{}, ErrNothingToUndo
	}
	if err != nil {
		return undoPlan{}, fmt.Errorf("undo: last change: %w", err)
	}
	lo, hi, err := s.turnBounds(ctx, sessionID, msgID)
	if err != nil {
		return undoPlan{}, err
	}
	rows, err := s.turnRows(ctx, sessionID, msgID, lo, hi)
	if err != nil {
		return undoPlan{}, err
	}
	var plan undoPlan
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].path == rows[i].path {
			plan.rowIDs = append(plan.rowIDs, rows[j].id)
			j++
		}
		f, ok, err := s.fileOfTurn(ctx, sessionID, rows[i:j])
		if err != nil {
			return undoPlan{}, err
		}
		if ok {
			plan.files = append(plan.files, f)
		}
		i = j
	}
	return plan, nil
}

// turnBounds returns the seq range (lo, hi), both exclusive, of the user
// turn holding message msgID: from the user message that started it to the
// next user message. A message not in the table yields an empty range, so
// only msgID's own changes are undone.
func (s *Service) turnBounds(ctx context.Context, sessionID, msgID string) (lo, hi int64, err error) {
	var seq int64
	err = s.db.QueryRowContext(ctx, `SELECT seq FROM messages WHERE id = ? AND session_id = ?`,
		msgID, sessionID).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("undo: find turn: %w", err)
	}
	err = s.db.QueryRowContext(ctx, `SELECT
		(SELECT COALESCE(MAX(seq), 0) FROM messages WHERE session_id = ?1 AND role = ?2 AND seq < ?3),
		(SELECT COALESCE(MIN(seq), ?4) FROM messages WHERE session_id = ?1 AND role = ?2 AND seq > ?3)`,
		sessionID, string(llm.RoleUser), seq, int64(math.MaxInt64)).Scan(&lo, &hi)
	if err != nil {
		return 0, 0, fmt.Errorf("undo: find turn: %w", err)
	}
	return lo, hi, nil
}

// turnRows returns the turn's file_versions rows ordered by path and
// version.
func (s *Service) turnRows(ctx context.Context, sessionID, msgID string, lo, hi int64) ([]versionRow, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, path, kind, version, absent, content
		FROM file_versions WHERE session_id = ?1 AND (message_id = ?2 OR message_id IN
			(SELECT id FROM messages WHERE session_id = ?1 AND seq > ?3 AND seq < ?4))
		ORDER BY path, version`, sessionID, msgID, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("undo: load changes: %w", err)
	}
	defer rows.Close()
	var out []versionRow
	for rows.Next() {
		var r versionRow
		if err := rows.Scan(&r.id, &r.path, &r.kind, &r.v.n, &r.v.absent, &r.v.content); err != nil {
			return nil, fmt.Errorf("undo: load changes: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("undo: load changes: %w", err)
	}
	return out, nil
}

// fileOfTurn reduces one path's rows to the content before the turn's
// first change and after its last. ok is false when the rows hold no
// change (only a "before").
func (s *Service) fileOfTurn(ctx context.Context, sessionID string, rows []versionRow) (f undoFile, ok bool, err error) {
	var first, last *versionRow
	for i := range rows {
		if rows[i].kind == "after" {
			if first == nil {
				first = &rows[i]
			}
			last = &rows[i]
		}
	}
	if first == nil {
		return undoFile{}, false, nil
	}
	f = undoFile{path: first.path, after: last.v}
	want := first.v.n - 1
	for _, r := range rows {
		if r.v.n == want {
			f.before = r.v
			return f, true, nil
		}
	}
	// The "before" is the previous turn's "after", kept in the chain.
	err = s.db.QueryRowContext(ctx, `SELECT version, absent, content FROM file_versions
		WHERE session_id = ? AND path = ? AND version = ?`, sessionID, f.path, want).
		Scan(&f.before.n, &f.before.absent, &f.before.content)
	if err != nil {
		return undoFile{}, false, fmt.Errorf("undo: version %d of %s: %w", want, f.path, err)
	}
	return f, true, nil
}
