package session_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/session"
)

// leaseClock is a settable clock.
type leaseClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *leaseClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *leaseClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func TestLeaseIsExclusiveUntilReleased(t *testing.T) {
	t.Parallel()
	s, sqldb := newService(t)
	sess := mustCreate(t, s, "/p")
	clock := &leaseClock{now: time.Unix(1_800_000_000, 0)}
	alive := func(int) bool { return true }
	a := session.NewLeases(sqldb, session.LeaseOptions{PID: 100, Hostname: "h", Now: clock.Now, Alive: alive})
	b := session.NewLeases(sqldb, session.LeaseOptions{PID: 200, Hostname: "h", Now: clock.Now, Alive: alive})
	ctx := t.Context()
	la, err := a.Acquire(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Acquire(ctx, sess.ID)
	var held *session.HeldError
	if !errors.As(err, &held) || held.Holder.PID != 100 || held.Holder.Hostname != "h" || !held.Holder.Since.Equal(clock.Now()) {
		t.Fatalf("second Acquire = %v, want held by pid 100 since now", err)
	}
	// Heartbeats keep it held past the lifetime.
	for range 4 {
		clock.advance(10 * time.Second)
		if err := la.Renew(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Acquire(ctx, sess.ID); !errors.As(err, &held) {
		t.Fatalf("Acquire of a renewed lease = %v, want held", err)
	}
	if err := la.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Acquire(ctx, sess.ID); err != nil {
		t.Fatalf("Acquire after release: %v", err)
	}
}

func TestStaleLeasesAreTakenOver(t *testing.T) {
	t.Parallel()
	s, sqldb := newService(t)
	clock := &leaseClock{now: time.Unix(1_800_000_000, 0)}
	dead := map[int]bool{100: true}
	alive := func(pid int) bool { return !dead[pid] }
	ctx := t.Context()
	for _, tt := range []struct {
		name         string
		holder, next session.LeaseOptions
		wait         time.Duration
	}{
		{"dead pid on this host", session.LeaseOptions{PID: 100, Hostname: "h"}, session.LeaseOptions{PID: 300, Hostname: "h"}, 0},
		{"expired heartbeat on another host", session.LeaseOptions{PID: 200, Hostname: "other"}, session.LeaseOptions{PID: 300, Hostname: "h"},
			session.DefaultLeaseTTL + time.Second},
	} {
		sess := mustCreate(t, s, "/p")
		tt.holder.Now, tt.holder.Alive = clock.Now, alive
		tt.next.Now, tt.next.Alive = clock.Now, alive
		old, err := session.NewLeases(sqldb, tt.holder).Acquire(ctx, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		clock.advance(tt.wait)
		if _, err := session.NewLeases(sqldb, tt.next).Acquire(ctx, sess.ID); err != nil {
			t.Errorf("%s: Acquire = %v, want the stale lease taken over", tt.name, err)
			continue
		}
		if err := old.Renew(ctx); !errors.Is(err, session.ErrLeaseLost) {
			t.Errorf("%s: the old holder's Renew = %v, want ErrLeaseLost", tt.name, err)
		}
	}
	// A live holder on another host within its lifetime is not taken over.
	sess := mustCreate(t, s, "/p")
	if _, err := session.NewLeases(sqldb, session.LeaseOptions{PID: 100, Hostname: "other", Now: clock.Now, Alive: alive}).
		Acquire(ctx, sess.ID); err != nil {
		t.Fatal(err)
	}
	var held *session.HeldError
	if _, err := session.NewLeases(sqldb, session.LeaseOptions{PID: 300, Hostname: "h", Now: clock.Now, Alive: alive}).
		Acquire(ctx, sess.ID); !errors.As(err, &held) {
		t.Errorf("Acquire of a fresh lease of another host = %v, want held", err)
	}
}

func TestQueuedPromptAndClosingLease(t *testing.T) {
	t.Parallel()
	s, sqldb := newService(t)
	sess := mustCreate(t, s, "/p")
	ctx := t.Context()
	holder := session.NewLeases(sqldb, session.LeaseOptions{PID: 100, Hostname: "h", Alive: func(int) bool { return true }})
	other := session.NewLeases(sqldb, session.LeaseOptions{PID: 200, Hostname: "h", Alive: func(int) bool { return true }})
	lease, err := holder.Acquire(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	queue := func(id string) {
		t.Helper()
		if _, err := sqldb.ExecContext(ctx, `INSERT INTO messages (id, session_id, role, status, created_at, updated_at)
			VALUES (?, ?, 'user', 'queued', 1, 1)`, id, sess.ID); err != nil {
			t.Fatal(err)
		}
	}
	state := func(id string) session.QueueState {
		t.Helper()
		st, _, err := other.QueueState(ctx, sess.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	queue("q1")
	if st := state("q1"); st != session.QueueWaiting {
		t.Errorf("prompt queued for a running holder: %v, want waiting", st)
	}
	if pending, err := lease.Close(ctx); err != nil || !pending {
		t.Fatalf("Close with a queued prompt = %v, %v; want pending", pending, err)
	}
	if _, err := sqldb.ExecContext(ctx, `DELETE FROM messages WHERE id = 'q1'`); err != nil { // folded
		t.Fatal(err)
	}
	if st := state("q1"); st != session.QueueTaken {
		t.Errorf("folded prompt: %v, want taken", st)
	}
	if pending, err := lease.Close(ctx); err != nil || pending {
		t.Fatalf("Close with nothing queued = %v, %v; want closing", pending, err)
	}
	queue("q2")
	if st := state("q2"); st != session.QueueOrphaned {
		t.Errorf("prompt queued for a closing holder: %v, want orphaned", st)
	}
	if err := lease.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if st := state("q2"); st != session.QueueOrphaned {
		t.Errorf("prompt queued without a holder: %v, want orphaned", st)
	}
}
