package message

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/honecode/hone/internal/pubsub"
)

// Errors returned by Service.
var (
	// ErrNotFound: no message has the id.
	ErrNotFound = errors.New("message not found")
	// ErrClosed: the service was closed.
	ErrClosed = errors.New("message service closed")
)

// DefaultDebounce is how long a streaming update may wait before it is
// written when Options.Debounce is zero.
const DefaultDebounce = 100 * time.Millisecond

// Options tunes a Service.
type Options struct {
	// Debounce is the longest a streaming update waits before it is
	// written; updates arriving meanwhile replace it, so a message
	// streaming for a second costs about ten writes. Zero means
	// DefaultDebounce.
	Debounce time.Duration
}

// Service stores messages and publishes their changes. It is safe for
// concurrent use. Streaming updates are held in memory and written by one
// timer; Get and List see them before they reach the database.
type Service struct {
	db       *sql.DB
	broker   *pubsub.Broker[Message]
	debounce time.Duration
	writes   atomic.Int64 // UPDATE statements run by Update and flushes

	// writeMu serializes Update's writes, so a flush that took an older
	// value can never land after a newer terminal write of the message.
	writeMu sync.Mutex

	mu       sync.Mutex
	pending  map[string]Message // streaming values not yet written
	inflight map[string]Message // values being written right now
	timer    *time.Timer        // armed while pending is non-empty
	flushCtx context.Context    // the arming update's ctx, without its cancel
	bgErr    error              // first error of a timer flush
	closed   bool
}

// NewService returns a Service over db (opened by internal/db).
func NewService(db *sql.DB, opts Options) *Service {
	d := opts.Debounce
	if d <= 0 {
		d = DefaultDebounce
	}
	return &Service{
		db:       db,
		broker:   pubsub.NewBroker[Message](),
		debounce: d,
		pending:  make(map[string]Message),
		inflight: make(map[string]Message),
	}
}

// Subscribe returns Created/Updated/Deleted events until ctx ends or the
// service is closed. Delivery is lossy (see pubsub); every event carries
// the message's full current value.
func (s *Service) Subscribe(ctx context.Context) <-chan pubsub.Event[Message] {
	return s.broker.Subscribe(ctx)
}

// Create stores m at once and returns it with its ID (a UUIDv7, when
// empty), timestamps (when zero) and status (StatusDone when empty) set.
func (s *Service) Create(ctx context.Context, m Message) (Message, error) {
	return s.CreateWith(ctx, m)
}

// NewID returns a new message id, as Create gives a message without one
// (time-ordered UUIDv7).
func NewID() (string, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return "", fmt.Errorf("new message id: %w", err)
	}
	return id.String(), nil
}

// Also is a write that CreateWith runs in the transaction that stores a
// message.
type Also func(ctx context.Context, tx *sql.Tx) error

// CreateWith is Create with more writes in the same transaction: the
// message and what also writes are stored together or not at all (the
// agent stores a tool message with the operation rows of its calls in one
// commit).
func (s *Service) CreateWith(ctx context.Context, m Message, also ...Also) (Message, error) {
	if err := s.checkOpen(); err != nil {
		return Message{}, err
	}
	if m.ID == "" {
		id, err := NewID()
		if err != nil {
			return Message{}, err
		}
		m.ID = id
	}
	now := time.Now().UnixMilli()
	if m.CreatedAt == 0 {
		m.CreatedAt = now
	}
	if m.UpdatedAt == 0 {
		m.UpdatedAt = m.CreatedAt
	}
	if m.Status == "" {
		m.Status = StatusDone
	}
	insert := func(db execer) error { return insertMessage(ctx, db, m) }
	if err := s.write(ctx, m, insert, also...); err != nil {
		return Message{}, fmt.Errorf("create message in session %s: %w", m.SessionID, err)
	}
	s.broker.Publish(pubsub.Created, m)
	return m, nil
}

// Get returns the message with id, including an update not yet written.
func (s *Service) Get(ctx context.Context, id string) (Message, error) {
	snap, ok := s.unwritten(id)
	m, err := getMessage(ctx, s.db, id)
	if err != nil {
		return Message{}, err
	}
	if ok {
		m = overlay(m, snap)
	}
	return m, nil
}

// List returns the messages of a session in creation order, including
// updates not yet written.
func (s *Service) List(ctx context.Context, sessionID string) ([]Message, error) {
	snap := s.unwrittenAll()
	msgs, err := listMessages(ctx, s.db, sessionID)
	if err != nil {
		return nil, err
	}
	for i, m := range msgs {
		if u, ok := snap[m.ID]; ok {
			msgs[i] = overlay(m, u)
		}
	}
	return msgs, nil
}

// ListQueued returns the session's queued prompts (status queued) in
// creation order, whichever process queued them.
func (s *Service) ListQueued(ctx context.Context, sessionID string) ([]Message, error) {
	return listMessagesWhere(ctx, s.db, sessionID, ` AND status = '`+string(StatusQueued)+`'`)
}

// Delete removes the message with id (and any unwritten update of it).
func (s *Service) Delete(ctx context.Context, id string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.Lock()
	delete(s.pending, id)
	s.mu.Unlock()
	m, err := deleteMessage(ctx, s.db, id)
	if err != nil {
		return err
	}
	s.broker.Publish(pubsub.Deleted, m)
	return nil
}

func (s *Service) checkOpen() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	return nil
}

// unwritten returns the newest value of id that is not yet in the database.
func (s *Service) unwritten(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m, ok := s.pending[id]; ok {
		return m, true
	}
	m, ok := s.inflight[id]
	return m, ok
}

func (s *Service) unwrittenAll() map[string]Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]Message, len(s.pending)+len(s.inflight))
	for id, m := range s.inflight {
		out[id] = m
	}
	for id, m := range s.pending {
		out[id] = m
	}
	return out
}

// overlay returns stored with the fields Update may change taken from u.
func overlay(stored, u Message) Message {
	stored.Parts = u.Parts
	stored.Status = u.Status
	stored.Model = u.Model
	stored.Provider = u.Provider
	stored.IsSummary = u.IsSummary
	stored.FinishReason = u.FinishReason
	stored.UpdatedAt = u.UpdatedAt
	stored.FinishedAt = u.FinishedAt
	return stored
}
