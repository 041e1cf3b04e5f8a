// Package history records what a session did to files: the reads the file
// tools check before an edit (read_files), and a version chain per file
// (file_versions) holding the content before and after every change, so
// the sidebar can count changed lines and `hone undo` can restore the
// files a turn changed.
package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/tools"
)

// Service stores reads and file versions. It is safe for concurrent use.
type Service struct {
	db *sql.DB
}

// Service is the file tracker of the file tools.
var _ tools.FileTracker = (*Service)(nil)

// NewService returns a Service over db (opened by internal/db).
func NewService(db *sql.DB) *Service { return &Service{db: db} }

// RecordRead remembers what the session saw of a file, replacing any
// earlier record of the same path.
func (s *Service) RecordRead(ctx context.Context, sessionID string, rec tools.ReadRecord) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO read_files (session_id, path, mtime_ns, size, read_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (session_id, path) DO UPDATE SET
			mtime_ns = excluded.mtime_ns, size = excluded.size, read_at = excluded.read_at`,
		sessionID, rec.Path, rec.ModTime, rec.Size, time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("record read of %s: %w", rec.Path, err)
	}
	return nil
}

// LastRead returns the session's last read of path; false when it never
// read it.
func (s *Service) LastRead(ctx context.Context, sessionID, path string) (tools.ReadRecord, bool, error) {
	rec := tools.ReadRecord{Path: path}
	err := s.db.QueryRowContext(ctx,
		`SELECT mtime_ns, size FROM read_files WHERE session_id = ? AND path = ?`,
		sessionID, path).Scan(&rec.ModTime, &rec.Size)
	if errors.Is(err, sql.ErrNoRows) {
		return tools.ReadRecord{}, false, nil
	}
	if err != nil {
		return tools.ReadRecord{}, false, fmt.Errorf("last read of %s: %w", path, err)
	}
	return rec, true, nil
}
