package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/honecode/hone/internal/artifact"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/history"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/wiretrace"
)

// ErrStoreClosed: Store was called after the App closed it.
var ErrStoreClosed = errors.New("store closed")

// Store is the persistence layer: the database and the domain services
// over it. Front ends and the agent use the services; DB is for the few
// callers that need a query of their own.
type Store struct {
	DB       *sql.DB
	Sessions *session.Service
	Messages *message.Service
	History  *history.Service
	// Leases keep the turns of a session in one process at a time.
	Leases *session.Leases
	// Artifacts holds the whole outputs of cut tool results, per session.
	Artifacts *artifact.Store
}

// storeState is the App's lazily opened Store; the zero value is ready.
type storeState struct {
	mu     sync.Mutex
	store  *Store
	closed bool
}

// Store opens the database and its services on first use and returns the
// same Store afterwards (a failed open is retried on the next call). The
// database is hone.db in the App's data directory (see dataDir).
func (a *App) Store(ctx context.Context) (*Store, error) {
	st := &a.store
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.closed {
		return nil, ErrStoreClosed
	}
	if st.store != nil {
		return st.store, nil
	}
	path, err := a.storePath()
	if err != nil {
		return nil, err
	}
	sqldb, err := db.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	st.store = &Store{
		DB:        sqldb,
		Sessions:  session.NewService(sqldb),
		Messages:  message.NewService(sqldb, message.Options{}),
		History:   history.NewService(sqldb),
		Leases:    session.NewLeases(sqldb, session.LeaseOptions{}),
		Artifacts: artifact.New(a.dataDir, 0),
	}
	st.store.Sessions.SetArtifacts(removers{st.store.Artifacts, wiretrace.Files{Dir: a.TraceDir()}})
	a.mu.Lock()
	a.storeAt = len(a.closers)
	a.mu.Unlock()
	return st.store, nil
}

func (a *App) storePath() (string, error) {
	return filepath.Join(a.dataDir, db.FileName), nil
}

// closeStore flushes pending message writes, ends the services'
// subscriptions and closes the database (unless the process exits next:
// Options.ExitAfterClose), if Store ever opened it. App.Close
// calls it; later calls to Store fail with ErrStoreClosed.
func (a *App) closeStore() error {
	st := &a.store
	st.mu.Lock()
	defer st.mu.Unlock()
	st.closed = true
	if st.store == nil {
		return nil
	}
	s := st.store
	st.store = nil
	err := errors.Join(s.Messages.Close(), s.Sessions.Close())
	if a.opts.ExitAfterClose {
		return err // the exit closes the connections and keeps the log
	}
	if cerr := s.DB.Close(); cerr != nil {
		err = errors.Join(err, fmt.Errorf("close database: %w", cerr))
	}
	return err
}

// warmTurnEnd prepares the statements that end a step and a turn
// (agent.Deps.Warm).
func (st *Store) warmTurnEnd(ctx context.Context) {
	texts := append(session.TurnEndStatements(), message.FinalWriteStatements()...)
	_, _ = db.Warm(ctx, st.DB, texts)
}
