package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// FileVersion is one recorded version of a file changed in a session.
type FileVersion struct {
	Path    string
	Version int64 // 1, 2, … per path
	// Absent marks the version where the file did not exist.
	Absent    bool
	Content   []byte
	CreatedAt int64 // Unix ms
}

// ErrNoSuchVersion: the session has no such version of the file.
var ErrNoSuchVersion = errors.New("no such file version in this session")

// Versions returns every recorded version of every file the session
// changed: files in the order they were first changed, each file's
// versions oldest first.
func (s *Service) Versions(ctx context.Context, sessionID string) ([]FileVersion, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT path, version, absent, content, created_at FROM file_versions
		WHERE session_id = ?
		ORDER BY (SELECT MIN(f.id) FROM file_versions f WHERE f.session_id = file_versions.session_id AND f.path = file_versions.path), version`,
		sessionID)
	if err != nil {
		return nil, fmt.Errorf("file versions of %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []FileVersion
	for rows.Next() {
		var v FileVersion
		if err := rows.Scan(&v.Path, &v.Version, &v.Absent, &v.Content, &v.CreatedAt); err != nil {
			return nil, fmt.Errorf("file versions of %s: %w", sessionID, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("file versions of %s: %w", sessionID, err)
	}
	return out, nil
}

// RestoreVersion puts one file back to one of its recorded versions (a
// version where it did not exist deletes it), leaving every other file
// alone. Like UndoLast it follows no symbolic link on the way. The
// history is kept: the next tool change of the file records what it
// found. It reports whether the file was deleted.
func (s *Service) RestoreVersion(ctx context.Context, sessionID, path string, n int64) (deleted bool, err error) {
	var v version
	err = s.db.QueryRowContext(ctx, `SELECT version, absent, content FROM file_versions
		WHERE session_id = ? AND path = ? AND version = ?`, sessionID, path, n).Scan(&v.n, &v.absent, &v.content)
	if errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("restore %s version %d: %w", path, n, ErrNoSuchVersion)
	}
	if err != nil {
		return false, fmt.Errorf("restore %s version %d: %w", path, n, err)
	}
	deleted, err = restore(path, v)
	if err != nil {
		return false, fmt.Errorf("restore %s version %d: %w", path, n, err)
	}
	return deleted, nil
}
