package session

import (
	"context"
	"fmt"
	"strings"
)

// ListOptions selects sessions for List.
type ListOptions struct {
	// ProjectDir limits the list to one project (ignored when All).
	ProjectDir string
	// All lists the sessions of every project.
	All bool
	// Limit caps the number of sessions (0: no cap).
	Limit int
	// IncludeChildren adds the sub-agent sessions.
	IncludeChildren bool
}

// List returns sessions, most recently updated first.
func (s *Service) List(ctx context.Context, o ListOptions) ([]Session, error) {
	var (
		where []string
		args  []any
	)
	if !o.All {
		where = append(where, "project_dir = ?")
		args = append(args, o.ProjectDir)
	}
	if !o.IncludeChildren {
		where = append(where, "parent_session_id IS NULL")
	}
	q := `SELECT ` + columns + ` FROM sessions`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY updated_at DESC, id DESC"
	if o.Limit > 0 {
		q += " LIMIT ?"
		args = append(args, o.Limit)
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out, err := scanSessions(rows)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// Latest returns the most recently updated top-level session of the
// project; ErrNotFound when it has none.
func (s *Service) Latest(ctx context.Context, projectDir string) (Session, error) {
	list, err := s.List(ctx, ListOptions{ProjectDir: projectDir, Limit: 1})
	if err != nil {
		return Session{}, err
	}
	if len(list) == 0 {
		return Session{}, fmt.Errorf("latest session of %s: %w", projectDir, ErrNotFound)
	}
	return list[0], nil
}
