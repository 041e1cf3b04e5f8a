package history

import (
	"context"
	"fmt"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// FileStat is the net change a session made to one file.
type FileStat struct {
	Path    string `json:"path"`
	Added   int    `json:"added"`   // lines
	Removed int    `json:"removed"` // lines
	// Created: the file did not exist before the session changed it.
	Created bool `json:"created,omitempty"`
}

// Changes returns, per changed path (sorted), the lines added and removed
// between the file as the session first found it and its newest version.
// Files the session changed back to how it found them are left out.
func (s *Service) Changes(ctx context.Context, sessionID string) ([]FileStat, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.path, f.absent, f.content, l.absent, l.content
		FROM (SELECT path, MIN(version) AS lo, MAX(version) AS hi FROM file_versions
			WHERE session_id = ? GROUP BY path) r
		JOIN file_versions f ON f.session_id = ? AND f.path = r.path AND f.version = r.lo
		JOIN file_versions l ON l.session_id = ? AND l.path = r.path AND l.version = r.hi
		ORDER BY r.path`, sessionID, sessionID, sessionID)
	if err != nil {
		return nil, fmt.Errorf("changes of session %s: %w", sessionID, err)
	}
	defer rows.Close()
	var out []FileStat
	for rows.Next() {
		var (
			path        string
			first, last version
		)
		if err := rows.Scan(&path, &first.absent, &first.content, &last.absent, &last.content); err != nil {
			return nil, fmt.Errorf("changes of session %s: %w", sessionID, err)
		}
		if first.equal(last) {
			continue
		}
		added, removed := lineCounts(string(first.content), string(last.content))
		out = append(out, FileStat{Path: path, Added: added, Removed: removed, Created: first.absent})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("changes of session %s: %w", sessionID, err)
	}
	return out, nil
}

// lineCounts returns how many lines a line diff from a to b adds and
// removes.
func lineCounts(a, b string) (added, removed int) {
	for _, e := range udiff.Lines(a, b) {
		removed += countLines(a[e.Start:e.End])
		added += countLines(e.New)
	}
	return added, removed
}

// countLines counts lines, a final line without newline included.
func countLines(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}
