package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/google/uuid"
)

// DefaultLeaseTTL is how long a lease lives without a heartbeat.
const DefaultLeaseTTL = 30 * time.Second

// ErrLeaseLost is returned by Renew when another process took the lease
// over (this one looked dead: its heartbeat had expired).
var ErrLeaseLost = errors.New("session lease lost")

// Holder is the process holding a session's lease.
type Holder struct {
	PID      int
	Hostname string
	// Since is when it took the lease, Heartbeat its last sign of life.
	Since     time.Time
	Heartbeat time.Time
	// Closing is set once it decided to end its turn.
	Closing bool
}

// HeldError is returned by Acquire when another live process holds the
// lease.
type HeldError struct {
	SessionID string
	Holder    Holder
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("session %s is busy in process %d on %s (since %s)",
		e.SessionID, e.Holder.PID, e.Holder.Hostname, e.Holder.Since.Format("15:04:05"))
}

// LeaseOptions configure Leases; zero fields take the defaults.
type LeaseOptions struct {
	// TTL is how long a lease lives without a heartbeat (DefaultLeaseTTL).
	TTL time.Duration
	// Now is the clock (time.Now).
	Now func() time.Time
	// PID and Hostname identify this process (os.Getpid, os.Hostname).
	PID      int
	Hostname string
	// Alive reports whether a process of this host runs (a signal-0
	// probe where the OS has one).
	Alive func(pid int) bool
}

// Leases keeps one process at a time running turns of a session, across
// processes sharing the database. A lease is a row with the holder's pid,
// hostname and heartbeat; a lease whose process died (same host, pid
// gone) or whose heartbeat expired is stale and is taken over. It is safe
// for concurrent use.
type Leases struct {
	db   *sql.DB
	opts LeaseOptions
}

// NewLeases returns the lease store over db (opened by internal/db).
func NewLeases(db *sql.DB, opts LeaseOptions) *Leases {
	if opts.TTL <= 0 {
		opts.TTL = DefaultLeaseTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.PID == 0 {
		opts.PID = os.Getpid()
	}
	if opts.Hostname == "" {
		opts.Hostname, _ = os.Hostname()
	}
	if opts.Alive == nil {
		opts.Alive = processAlive
	}
	return &Leases{db: db, opts: opts}
}

// TTL is how long a lease lives without a heartbeat; holders renew it
// well within (a third of it).
func (l *Leases) TTL() time.Duration { return l.opts.TTL }

// Lease is a held session lease.
type Lease struct {
	l         *Leases
	sessionID string
	token     string
}

// Acquire takes the lease of sessionID for this process: when no one
// holds it, or its holder is stale. When another live process holds it,
// the error is a *HeldError naming it.
func (l *Leases) Acquire(ctx context.Context, sessionID string) (*Lease, error) {
	token := uuid.NewString()
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		h, found, err := readHolder(ctx, tx, sessionID)
		if err != nil {
			return err
		}
		if found && !l.stale(h) {
			return &HeldError{SessionID: sessionID, Holder: h}
		}
		now := l.opts.Now().UnixMilli()
		_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO session_leases
			(session_id, token, pid, hostname, acquired_at, heartbeat_at, closing) VALUES (?, ?, ?, ?, ?, ?, 0)`,
			sessionID, token, l.opts.PID, l.opts.Hostname, now, now)
		return err
	})
	if err != nil {
		var held *HeldError
		if errors.As(err, &held) {
			return nil, held
		}
		return nil, fmt.Errorf("acquire lease of session %s: %w", sessionID, err)
	}
	return &Lease{l: l, sessionID: sessionID, token: token}, nil
}

// stale reports whether h no longer holds its lease: its heartbeat
// expired, or it is a process of this host that is gone (or this very
// process, which knows it does not hold it).
func (l *Leases) stale(h Holder) bool {
	if l.opts.Now().Sub(h.Heartbeat) > l.opts.TTL {
		return true
	}
	if h.Hostname != l.opts.Hostname {
		return false
	}
	return h.PID == l.opts.PID || !l.opts.Alive(h.PID)
}

// Renew records a heartbeat; ErrLeaseLost when the lease is no longer
// this holder's.
func (x *Lease) Renew(ctx context.Context) error {
	res, err := x.l.db.ExecContext(ctx, `UPDATE session_leases SET heartbeat_at = ? WHERE session_id = ? AND token = ?`,
		x.l.opts.Now().UnixMilli(), x.sessionID, x.token)
	if err != nil {
		return fmt.Errorf("renew lease of session %s: %w", x.sessionID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("renew lease of session %s: %w", x.sessionID, ErrLeaseLost)
	}
	return nil
}

// Close is called when the holder's model finished answering. In one
// transaction, it reports whether prompts are queued for the session
// (pending: the holder folds them and goes on), or else marks the lease
// closing, after which the holder folds no more prompts and other
// processes wait for it to Release instead of queueing.
func (x *Lease) Close(ctx context.Context) (pending bool, err error) {
	err = x.l.inTx(ctx, func(tx *sql.Tx) error {
		// The messages table is read here so that the check and the
		// closing mark are one step for every other process.
		var n int
		if err := tx.QueryRowContext(ctx, leaseQueuedSQL, x.sessionID).Scan(&n); err != nil {
			return err
		}
		if pending = n > 0; pending {
			return nil
		}
		_, err := tx.ExecContext(ctx, leaseClosingSQL, x.sessionID, x.token)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("close lease of session %s: %w", x.sessionID, err)
	}
	return pending, nil
}

// Release gives the lease up.
func (x *Lease) Release(ctx context.Context) error {
	_, err := x.l.db.ExecContext(ctx, leaseReleaseSQL, x.sessionID, x.token)
	if err != nil {
		return fmt.Errorf("release lease of session %s: %w", x.sessionID, err)
	}
	return nil
}

func (l *Leases) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := l.db.BeginTx(ctx, nil) // immediate: see db.DSN
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func readHolder(ctx context.Context, q queryer, sessionID string) (Holder, bool, error) {
	var (
		h           Holder
		since, beat int64
		closing     int
	)
	err := q.QueryRowContext(ctx, `SELECT pid, hostname, acquired_at, heartbeat_at, closing FROM session_leases
		WHERE session_id = ?`, sessionID).Scan(&h.PID, &h.Hostname, &since, &beat, &closing)
	if errors.Is(err, sql.ErrNoRows) {
		return Holder{}, false, nil
	}
	if err != nil {
		return Holder{}, false, err
	}
	h.Since, h.Heartbeat, h.Closing = time.UnixMilli(since), time.UnixMilli(beat), closing != 0
	return h, true, nil
}

// QueueState is where a prompt stands that a process queued for a session
// whose lease another process holds.
type QueueState int

// Queue states.
const (
	// QueueTaken: the prompt is no longer queued; a turn folded it in.
	QueueTaken QueueState = iota
	// QueueWaiting: a live holder that is not closing will fold it in
	// before its next step or before it ends its turn.
	QueueWaiting
	// QueueOrphaned: no live holder will fold it in; the caller takes the
	// lease (when it can) and runs a turn that does.
	QueueOrphaned
)

// QueueState tells where the queued message messageID of sessionID stands,
// and who holds the lease (when someone does).
func (l *Leases) QueueState(ctx context.Context, sessionID, messageID string) (QueueState, Holder, error) {
	var (
		state QueueState
		h     Holder
	)
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM messages WHERE id = ? AND status = 'queued'`,
			messageID).Scan(&n); err != nil {
			return err
		}
		var found bool
		var err error
		h, found, err = readHolder(ctx, tx, sessionID)
		switch {
		case err != nil:
			return err
		case n == 0:
			state = QueueTaken
		case found && !h.Closing && !l.stale(h):
			state = QueueWaiting
		default:
			state = QueueOrphaned
		}
		return nil
	})
	if err != nil {
		return 0, Holder{}, fmt.Errorf("queued prompt %s of session %s: %w", messageID, sessionID, err)
	}
	return state, h, nil
}

// The statements of Lease.Close and Lease.Release.
const (
	leaseQueuedSQL  = `SELECT count(*) FROM messages WHERE session_id = ? AND status = 'queued'`
	leaseClosingSQL = `UPDATE session_leases SET closing = 1 WHERE session_id = ? AND token = ?`
	leaseReleaseSQL = `DELETE FROM session_leases WHERE session_id = ? AND token = ?`
)
