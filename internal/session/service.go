package session

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/tools"
)

// ErrNotFound: no session has the id (or prefix).
var ErrNotFound = errors.New("session not found")

// Service stores sessions and their turns and publishes session changes.
// It is safe for concurrent use.
type Service struct {
	db     *sql.DB
	broker *pubsub.Broker[Session]
	// updateMu makes each update and the publish of its result one step,
	// so subscribers never receive an older row after a newer one.
	updateMu sync.Mutex
	// artifacts, when set, deletes deleted sessions' saved outputs.
	artifacts ArtifactRemover
}

// Service is the todo store of the todos tool.
var _ tools.TodoStore = (*Service)(nil)

// NewService returns a Service over db (opened by internal/db).
func NewService(db *sql.DB) *Service {
	return &Service{db: db, broker: pubsub.NewBroker[Session]()}
}

// Subscribe returns Created/Updated/Deleted events until ctx ends or the
// service is closed. Delivery is lossy (see pubsub); every event carries
// the session's full current value.
func (s *Service) Subscribe(ctx context.Context) <-chan pubsub.Event[Session] {
	return s.broker.Subscribe(ctx)
}

// Close ends every subscription. The database stays open.
func (s *Service) Close() error {
	s.broker.Close()
	return nil
}

// Create starts a top-level session in projectDir (see CanonicalDir).
func (s *Service) Create(ctx context.Context, projectDir string) (Session, error) {
	return s.insert(ctx, Session{ProjectDir: projectDir})
}

// CreateChild starts a session under parentID for the agent tool call
// parentCallID; deleting the parent deletes it.
func (s *Service) CreateChild(ctx context.Context, parentID, parentCallID, projectDir, title string) (Session, error) {
	return s.insert(ctx, Session{
		ProjectDir: projectDir, ParentSessionID: parentID, ParentCallID: parentCallID, Title: title,
	})
}

func (s *Service) insert(ctx context.Context, in Session) (Session, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return Session{}, fmt.Errorf("create session: %w", err)
	}
	in.ID = id.String()
	in.CreatedAt = time.Now().UnixMilli()
	in.UpdatedAt = in.CreatedAt
	var parent any
	if in.ParentSessionID != "" {
		parent = in.ParentSessionID
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO sessions
		(id, project_dir, parent_session_id, parent_call_id, title, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		in.ID, in.ProjectDir, parent, in.ParentCallID, in.Title, in.CreatedAt, in.UpdatedAt)
	if err != nil {
		return Session{}, fmt.Errorf("create session in %s: %w", in.ProjectDir, err)
	}
	s.broker.Publish(pubsub.Created, in)
	return in, nil
}

// Get returns the session with the full id.
func (s *Service) Get(ctx context.Context, id string) (Session, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM sessions WHERE id = ?`, id)
	sess, err := scanSession(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, fmt.Errorf("get session %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Session{}, fmt.Errorf("get session %s: %w", id, err)
	}
	return sess, nil
}

// SetTitle renames the session. It does not count as activity: UpdatedAt
// (the order of List and Latest) is unchanged.
func (s *Service) SetTitle(ctx context.Context, id, title string) error {
	return s.update(ctx, id, "set title", `title = ?`, title)
}

// SetSummary marks messageID as the summary that now starts the
// session's history.
func (s *Service) SetSummary(ctx context.Context, id, messageID string) error {
	return s.update(ctx, id, "set summary", `summary_message_id = ?, updated_at = ?`,
		messageID, time.Now().UnixMilli())
}

// SetModel records the model chosen for a role ("large" or "small") of
// the session, so that resuming it chooses it again. Like SetTitle it is
// not activity.
func (s *Service) SetModel(ctx context.Context, id, role, ref string) error {
	switch role {
	case "large":
		return s.update(ctx, id, "set model", `large_model = ?`, ref)
	case "small":
		return s.update(ctx, id, "set model", `small_model = ?`, ref)
	}
	return fmt.Errorf("set model of session %s: unknown role %q", id, role)
}

// SetTodos replaces the session's todo list.
func (s *Service) SetTodos(ctx context.Context, id string, todos []tools.Todo) error {
	if todos == nil {
		todos = []tools.Todo{}
	}
	b, err := json.Marshal(todos)
	if err != nil {
		return fmt.Errorf("set todos of session %s: %w", id, err)
	}
	return s.update(ctx, id, "set todos", `todos = ?, updated_at = ?`, string(b), time.Now().UnixMilli())
}

// AddUsage adds one step's tokens and cost to the session's counters and
// sets its ContextTokens (the size of that step's context).
func (s *Service) AddUsage(ctx context.Context, id string, u llm.Usage, cost float64, contextTokens int64) error {
	return s.update(ctx, id, "add usage", addUsageSet,
		u.Input, u.Output, u.CacheRead, u.CacheWrite, cost, contextTokens, time.Now().UnixMilli())
}

// addUsageSet is the SET clause of AddUsage: input, output, cache read
// and cache write tokens and cost are added, context tokens and updated_at
// set.
const addUsageSet = `input_tokens = input_tokens + ?,
		output_tokens = output_tokens + ?, cache_read_tokens = cache_read_tokens + ?,
		cache_write_tokens = cache_write_tokens + ?, cost = cost + ?, context_tokens = ?,
		updated_at = ?`

// update runs one UPDATE of the session's row and publishes the result.
func (s *Service) update(ctx context.Context, id, what, set string, args ...any) error {
	s.updateMu.Lock()
	defer s.updateMu.Unlock()
	sess, err := updateRow(ctx, s.db, id, what, set, args...)
	if err != nil {
		return err
	}
	s.broker.Publish(pubsub.Updated, sess)
	return nil
}

// updateRow runs one UPDATE of the session's row through q (the database
// or a transaction) and returns the row as updated; what names the change
// in errors.
func updateRow(ctx context.Context, q rowQuerier, id, what, set string, args ...any) (Session, error) {
	row := q.QueryRowContext(ctx, updateSQL(set), append(args, id)...)
	sess, err := scanSession(row)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Session{}, fmt.Errorf("%s of session %s: %w", what, id, err)
	}
	return sess, nil
}

// Delete removes the session with everything that belongs to it: its
// messages, file versions, reads, turns and child sessions (the foreign
// keys cascade), and their saved outputs (see SetArtifacts). A Deleted
// event is published for each removed session.
func (s *Service) Delete(ctx context.Context, id string) (err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	rows, err := tx.QueryContext(ctx, `WITH RECURSIVE tree(id) AS (
			SELECT id FROM sessions WHERE id = ?
			UNION ALL SELECT s.id FROM sessions s JOIN tree ON s.parent_session_id = tree.id)
		SELECT `+columns+` FROM sessions WHERE id IN (SELECT id FROM tree)`, id)
	if err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	doomed, err := scanSessions(rows)
	if err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	if len(doomed) == 0 {
		return fmt.Errorf("delete session %s: %w", id, ErrNotFound)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, id); err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	for _, d := range doomed {
		s.broker.Publish(pubsub.Deleted, d)
	}
	if err := s.removeArtifacts(doomed); err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	return nil
}

// updateSQL updates a session's row with the SET clause set and returns
// the row.
func updateSQL(set string) string {
	return `UPDATE sessions SET ` + set + ` WHERE id = ? RETURNING ` + columns
}
