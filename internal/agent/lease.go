package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// Bounds of queueing into another process's turn.
const (
	// queuePoll is the pause between two looks at a prompt queued for a
	// process that is ending its turn.
	queuePoll = 100 * time.Millisecond
	// queueWait bounds that waiting; the prompt then stays queued for the
	// session's next turn.
	queueWait = 30 * time.Second
)

// leased is what takeLease decided for a turn about to run.
type leased struct {
	lease *session.Lease // nil without Deps.Leases
	// parts are the prompt's parts, nil when the prompt went into the
	// store as queued and the turn folds it in.
	parts []llm.Part
	// queued is the result when another process's turn took the prompt.
	queued *Result
}

// takeLease takes the session's cross-process lease for a main turn held
// in this process as a. When another live process holds it, the prompt is
// queued in the store for that process's running turn (Result ExitQueued
// with the holder); when that process is ending its turn, this one waits
// for the lease and runs a turn that folds the queued prompt in.
func (c *Coordinator) takeLease(ctx context.Context, sessionID string, a *activeSession, parts []llm.Part) (leased, error) {
	if c.deps.Leases == nil {
		return leased{parts: parts}, nil
	}
	lease, err := c.deps.Leases.Acquire(ctx, sessionID)
	var held *session.HeldError
	switch {
	case err == nil:
		return leased{lease: lease, parts: parts}, nil
	case !errors.As(err, &held):
		return leased{}, err
	}
	m, err := c.deps.Messages.Create(context.WithoutCancel(ctx), message.Message{
		SessionID: sessionID, Role: llm.RoleUser, Parts: parts, Status: message.StatusQueued,
		CreatedAt: c.cfg.Now().UnixMilli(),
	})
	if err != nil {
		return leased{}, fmt.Errorf("queue prompt: %w", err)
	}
	return c.awaitQueued(ctx, sessionID, m.ID, held.Holder)
}

// awaitQueued follows a prompt queued for another process's turn until
// that turn will take it, or until this process gets the lease to run it.
func (c *Coordinator) awaitQueued(ctx context.Context, sessionID, messageID string, h session.Holder) (leased, error) {
	queued := func(h session.Holder) leased {
		return leased{queued: &Result{SessionID: sessionID, Reason: ExitQueued, QueuedMessageID: messageID, Holder: &h}}
	}
	deadline := time.Now().Add(queueWait)
	for {
		st, cur, err := c.deps.Leases.QueueState(ctx, sessionID, messageID)
		if err != nil {
			return leased{}, err
		}
		if cur.PID != 0 {
			h = cur
		}
		if st != session.QueueOrphaned {
			return queued(h), nil
		}
		lease, err := c.deps.Leases.Acquire(ctx, sessionID)
		var held *session.HeldError
		switch {
		case err == nil:
			return leased{lease: lease}, nil // the turn folds the prompt in
		case !errors.As(err, &held):
			return leased{}, err
		case time.Now().After(deadline):
			return queued(held.Holder), nil // left for the session's next turn
		}
		select {
		case <-ctx.Done():
			return leased{}, ctx.Err()
		case <-time.After(queuePoll):
		}
	}
}

// keepLease renews a's lease until the returned stop is called; stop
// then releases it. When another process took the lease over (this one
// looked dead), the turn is cancelled.
func (c *Coordinator) keepLease(ctx context.Context, sessionID string, lease *session.Lease, cancel context.CancelFunc) (stop func()) {
	store := context.WithoutCancel(ctx)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(c.deps.Leases.TTL() / 3)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			err := lease.Renew(store)
			if errors.Is(err, session.ErrLeaseLost) {
				c.log.Error("session lease lost; cancelling the turn", "session", sessionID)
				c.info(store, sessionID, "another process took this session over; the turn stops")
				cancel()
				return
			}
			if err != nil {
				c.log.Warn("renew session lease", "session", sessionID, "err", err)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		if err := lease.Release(store); err != nil {
			c.log.Error("release session lease", "session", sessionID, "err", err)
		}
	}
}
