package agenttest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// Messages is an in-memory message store.
type Messages struct {
	mu      sync.Mutex
	msgs    []message.Message
	byID    map[string]int // index in msgs
	seq     int
	updates int
}

// NewMessages returns an empty store.
func NewMessages() *Messages { return &Messages{byID: map[string]int{}} }

// Create stores m, assigning an id when it has none.
func (s *Messages) Create(_ context.Context, m message.Message) (message.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	if m.ID == "" {
		m.ID = fmt.Sprintf("msg-%05d", s.seq)
	}
	m.Parts = slices.Clone(m.Parts)
	s.byID[m.ID] = len(s.msgs)
	s.msgs = append(s.msgs, m)
	return m, nil
}

// CreateWith is Create; the fake has no database, so it refuses extra
// writes (a test with operation rows uses the SQLite stores).
func (s *Messages) CreateWith(ctx context.Context, m message.Message, also ...message.Also) (message.Message, error) {
	if len(also) > 0 {
		return message.Message{}, errors.New("agenttest.Messages cannot run database writes")
	}
	return s.Create(ctx, m)
}

// Update replaces the stored message with m's id.
func (s *Messages) Update(_ context.Context, m message.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(m.ID)
	if i < 0 {
		return fmt.Errorf("update message %s: %w", m.ID, ErrNotFound)
	}
	m.Parts = slices.Clone(m.Parts)
	s.msgs[i] = m
	s.updates++
	return nil
}

// Delete removes a message.
func (s *Messages) Delete(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return fmt.Errorf("delete message %s: %w", id, ErrNotFound)
	}
	s.msgs = slices.Delete(s.msgs, i, i+1)
	s.reindex()
	return nil
}

// Get returns one message.
func (s *Messages) Get(_ context.Context, id string) (message.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return message.Message{}, fmt.Errorf("get message %s: %w", id, ErrNotFound)
	}
	return clone(s.msgs[i]), nil
}

// List returns a session's messages in creation order.
func (s *Messages) List(_ context.Context, sessionID string) ([]message.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []message.Message
	for _, m := range s.msgs {
		if m.SessionID == sessionID {
			out = append(out, clone(m))
		}
	}
	return out, nil
}

// ListSince returns a session's messages from fromID onward (all when
// fromID is "" or not found).
func (s *Messages) ListSince(ctx context.Context, sessionID, fromID string) ([]message.Message, error) {
	all, _ := s.List(ctx, sessionID)
	for i, m := range all {
		if fromID != "" && m.ID == fromID {
			return all[i:], nil
		}
	}
	return all, nil
}

// ListQueued returns a session's queued prompts in creation order.
func (s *Messages) ListQueued(ctx context.Context, sessionID string) ([]message.Message, error) {
	all, _ := s.List(ctx, sessionID)
	var out []message.Message
	for _, m := range all {
		if m.Status == message.StatusQueued {
			out = append(out, m)
		}
	}
	return out, nil
}

// Put stores messages as they are (ids, statuses and all), e.g. the rows a
// crash left behind.
func (s *Messages) Put(msgs ...message.Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range msgs {
		s.seq++
		if m.ID == "" {
			m.ID = fmt.Sprintf("msg-%05d", s.seq)
		}
		s.byID[m.ID] = len(s.msgs)
		s.msgs = append(s.msgs, clone(m))
	}
}

// Updates counts Update calls.
func (s *Messages) Updates() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.updates
}

// Conversation returns a session's messages as llm messages with their
// role and parts, for compact assertions.
func (s *Messages) Conversation(sessionID string) []llm.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []llm.Message
	for _, m := range s.msgs {
		if m.SessionID == sessionID {
			out = append(out, clone(m).LLM())
		}
	}
	return out
}

func (s *Messages) index(id string) int {
	if i, ok := s.byID[id]; ok {
		return i
	}
	return -1
}

func (s *Messages) reindex() {
	clear(s.byID)
	for i, m := range s.msgs {
		s.byID[m.ID] = i
	}
}

func clone(m message.Message) message.Message {
	m.Parts = slices.Clone(m.Parts)
	return m
}
