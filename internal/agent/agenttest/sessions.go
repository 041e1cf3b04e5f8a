package agenttest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/session"
)

// Sessions is an in-memory session store.
type Sessions struct {
	mu       sync.Mutex
	sessions []session.Session
	turns    []session.Turn
	seq      int
}

// NewSessions returns an empty store.
func NewSessions() *Sessions { return &Sessions{} }

// Create adds a top-level session.
func (s *Sessions) Create(_ context.Context, projectDir string) (session.Session, error) {
	return s.add(session.Session{ProjectDir: projectDir}), nil
}

// CreateChild adds a child session.
func (s *Sessions) CreateChild(_ context.Context, parentID, parentCallID, projectDir, title string) (session.Session, error) {
	return s.add(session.Session{ProjectDir: projectDir, ParentSessionID: parentID, ParentCallID: parentCallID, Title: title}), nil
}

func (s *Sessions) add(ss session.Session) session.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	ss.ID = fmt.Sprintf("ses-%04d", s.seq)
	ss.CreatedAt, ss.UpdatedAt = int64(s.seq), int64(s.seq)
	s.sessions = append(s.sessions, ss)
	return ss
}

// Get returns a session.
func (s *Sessions) Get(_ context.Context, id string) (session.Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return session.Session{}, fmt.Errorf("get session %s: %w", id, ErrNotFound)
	}
	return s.sessions[i], nil
}

// Resolve finds a session by id or unique prefix.
func (s *Sessions) Resolve(_ context.Context, prefix string) (session.Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var found []session.Session
	for _, ss := range s.sessions {
		if strings.HasPrefix(ss.ID, prefix) {
			found = append(found, ss)
		}
	}
	switch len(found) {
	case 0:
		return session.Session{}, fmt.Errorf("resolve session %q: %w: %w", prefix, session.ErrNotFound, ErrNotFound)
	case 1:
	default:
		return session.Session{}, &session.AmbiguousError{Prefix: prefix, Matches: found}
	}
	return found[0], nil
}

// Latest returns the newest top-level session of projectDir.
func (s *Sessions) Latest(_ context.Context, projectDir string) (session.Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.sessions) - 1; i >= 0; i-- {
		if ss := s.sessions[i]; ss.ProjectDir == projectDir && ss.ParentSessionID == "" {
			return ss, nil
		}
	}
	return session.Session{}, fmt.Errorf("latest session of %s: %w", projectDir, ErrNotFound)
}

// SetTitle sets a session's title.
func (s *Sessions) SetTitle(_ context.Context, id, title string) error {
	return s.edit(id, func(ss *session.Session) { ss.Title = title })
}

// SetSummary sets a session's summary message.
func (s *Sessions) SetSummary(_ context.Context, id, messageID string) error {
	return s.edit(id, func(ss *session.Session) { ss.SummaryMessageID = messageID })
}

// AddUsage adds token counters and cost and sets the context gauge.
func (s *Sessions) AddUsage(_ context.Context, id string, u llm.Usage, cost float64, contextTokens int64) error {
	return s.edit(id, func(ss *session.Session) {
		ss.InputTokens += u.Input
		ss.OutputTokens += u.Output
		ss.CacheReadTokens += u.CacheRead
		ss.CacheWriteTokens += u.CacheWrite
		ss.Cost += cost
		ss.ContextTokens = contextTokens
	})
}

// SetContextTokens sets the context gauge (to stage a nearly full
// session).
func (s *Sessions) SetContextTokens(id string, n int64) error {
	return s.edit(id, func(ss *session.Session) { ss.ContextTokens = n })
}

// AddTurn stores a trace row.
func (s *Sessions) AddTurn(_ context.Context, t session.Turn) (session.Turn, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t.ID = int64(len(s.turns) + 1)
	t.Failovers = slices.Clone(t.Failovers)
	s.turns = append(s.turns, t)
	return t, nil
}

// AddStep is AddUsage (unless the tokens and cost are all zero) and
// AddTurn.
func (s *Sessions) AddStep(ctx context.Context, t session.Turn, contextTokens int64) (session.Turn, error) {
	if t.HasUsage() {
		u := llm.Usage{Input: t.InputTokens, Output: t.OutputTokens, CacheRead: t.CacheRead, CacheWrite: t.CacheWrite}
		if err := s.AddUsage(ctx, t.SessionID, u, t.Cost, contextTokens); err != nil {
			return session.Turn{}, err
		}
	}
	return s.AddTurn(ctx, t)
}

// Turns returns a session's trace rows in order.
func (s *Sessions) Turns(sessionID string) []session.Turn {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []session.Turn
	for _, t := range s.turns {
		if t.SessionID == sessionID {
			out = append(out, t)
		}
	}
	return out
}

func (s *Sessions) edit(id string, f func(*session.Session)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return fmt.Errorf("update session %s: %w", id, ErrNotFound)
	}
	f(&s.sessions[i])
	return nil
}

func (s *Sessions) index(id string) int {
	return slices.IndexFunc(s.sessions, func(ss session.Session) bool { return ss.ID == id })
}
