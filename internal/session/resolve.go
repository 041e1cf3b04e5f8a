package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// maxMatches caps the sessions an AmbiguousError lists.
const maxMatches = 10

// AmbiguousError reports a prefix that matches more than one session.
type AmbiguousError struct {
	Prefix string
	// Matches are the first sessions with the prefix (at most 10), most
	// recently updated first.
	Matches []Session
}

// Error lists the matching sessions, one per line, so the user can pick
// a longer prefix.
func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "session id prefix %q is ambiguous; it matches:", e.Prefix)
	for _, m := range e.Matches {
		title := m.Title
		if title == "" {
			title = "(untitled)"
		}
		fmt.Fprintf(&b, "\n  %s  %s", m.ID, title)
	}
	if len(e.Matches) >= maxMatches {
		b.WriteString("\n  …")
	}
	return b.String()
}

// Resolve returns the session whose id is idOrPrefix or, failing that, the
// only session whose id starts with it (case-insensitive). It returns an
// error wrapping ErrNotFound when none matches and an *AmbiguousError when
// several do.
func (s *Service) Resolve(ctx context.Context, idOrPrefix string) (Session, error) {
	prefix := strings.ToLower(strings.TrimSpace(idOrPrefix))
	if prefix == "" {
		return Session{}, fmt.Errorf("resolve session: empty id: %w", ErrNotFound)
	}
	if sess, err := s.Get(ctx, prefix); err == nil || !errors.Is(err, ErrNotFound) {
		return sess, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM sessions
		WHERE substr(id, 1, ?) = ? ORDER BY updated_at DESC, id DESC LIMIT ?`,
		len(prefix), prefix, maxMatches)
	if err != nil {
		return Session{}, fmt.Errorf("resolve session %s: %w", prefix, err)
	}
	matches, err := scanSessions(rows)
	if err != nil {
		return Session{}, fmt.Errorf("resolve session %s: %w", prefix, err)
	}
	switch len(matches) {
	case 0:
		return Session{}, fmt.Errorf("no session with id or prefix %q: %w", idOrPrefix, ErrNotFound)
	case 1:
		return matches[0], nil
	}
	return Session{}, &AmbiguousError{Prefix: idOrPrefix, Matches: matches}
}
