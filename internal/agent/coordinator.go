package agent

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// Errors returned by the Coordinator.
var (
	ErrClosed      = errors.New("agent: coordinator closed")
	ErrBusy        = errors.New("agent: session is busy")
	ErrEmptyPrompt = errors.New("agent: empty prompt")
	ErrNotQueued   = errors.New("agent: no such queued prompt")
	ErrNoSubAgent  = errors.New("agent: sub-agent not configured")
	ErrNoModel     = errors.New("agent: no model configured")
	ErrNoTools     = errors.New("agent: no tools configured")
	// ErrNothingToRetry: Retry on a session without a prompt.
	ErrNothingToRetry = errors.New("agent: nothing to retry: the session has no prompt")
)

// publishTimeout bounds how long a guaranteed publish waits for a slow
// subscriber.
const publishTimeout = 3 * time.Second

// Coordinator runs the turns of every session: one turn at a time per
// session, prompts sent meanwhile queued. It is safe for concurrent use.
type Coordinator struct {
	cfg      Config
	warmOnce sync.Once // Deps.Warm
	deps     Deps
	log      *slog.Logger
	events   *pubsub.Broker[Event]
	cool     *cooldowns
	// gitAhead is Config.GitAhead until the first turn takes it.
	gitAhead gitAhead

	// rolesMu guards cfg.Large and cfg.Small (SetCandidates).
	rolesMu sync.RWMutex
	// queuePubMu orders queue announcements (publishQueue).
	queuePubMu sync.Mutex

	mu     sync.Mutex
	active map[string]*activeSession
	queues map[string][]queuedPrompt
	warned map[string]bool // instruction-file warnings already given
	// modes is the permission mode of each session's last request in
	// this process, to tell the model when it changed.
	modes map[string]permission.Mode
	// escalated are idle sessions whose next turn starts on the large
	// candidates (Escalate).
	escalated map[string]bool
	// started are the sessions used in this process, with a context for
	// their SessionEnd hooks.
	started map[string]context.Context
	closed  bool
	wg      sync.WaitGroup // running turns and background work (titles)
}

// activeSession is a session with a running turn (or summary).
type activeSession struct {
	cancel context.CancelFunc
	// closing is set once the turn decided to end; Run then waits for
	// done instead of queueing.
	closing bool
	done    chan struct{}
	// turn is the running turn (nil during Summarize); sub-agent costs are
	// added to it.
	turn *turn
	// lease is the session's cross-process lease while a main turn holds
	// it (nil without Deps.Leases).
	lease *session.Lease
}

// NewCoordinator returns a Coordinator; cfg's zero fields take their
// defaults (see Config).
func NewCoordinator(cfg Config, deps Deps) *Coordinator {
	log := deps.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	cfg = cfg.withDefaults()
	return &Coordinator{
		cfg:      cfg,
		deps:     deps,
		log:      log,
		events:   pubsub.NewBroker[Event](),
		cool:     newCooldowns(cfg.Now, cfg.Cooldowns),
		gitAhead: gitAhead{done: cfg.GitAhead},
		active:   make(map[string]*activeSession),
		queues:   make(map[string][]queuedPrompt),
		modes:    make(map[string]permission.Mode),
	}
}

// Subscribe returns the Coordinator's events until ctx ends or Close.
func (c *Coordinator) Subscribe(ctx context.Context) <-chan pubsub.Event[Event] {
	return c.events.Subscribe(ctx)
}

// IsBusy reports whether sessionID has a running turn.
func (c *Coordinator) IsBusy(sessionID string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.active[sessionID]
	return ok
}

// Cancel cancels the running turn of sessionID (and its sub-agents); other
// sessions are untouched. Queued prompts stay queued. It does nothing when
// the session is idle.
func (c *Coordinator) Cancel(sessionID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if a, ok := c.active[sessionID]; ok && a.cancel != nil {
		a.cancel()
	}
}

// Close cancels running turns, waits for them and for background work
// (titles) to end, and closes the event broker. Later calls to Run fail
// with ErrClosed.
func (c *Coordinator) Close() error {
	c.mu.Lock()
	c.closed = true
	for _, a := range c.active {
		if a.cancel != nil {
			a.cancel()
		}
	}
	c.mu.Unlock()
	c.wg.Wait()
	c.endSessions()
	c.events.Close()
	return nil
}

// acquire marks sessionID busy for a turn or summary and returns its
// entry. When a turn is already running, onBusy is called with c.mu held
// and acquire returns (nil, onBusy's error); when that turn is closing,
// acquire waits for it to end and tries again.
func (c *Coordinator) acquire(ctx context.Context, sessionID string, onBusy func() error) (*activeSession, error) {
	for {
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			return nil, ErrClosed
		}
		cur, ok := c.active[sessionID]
		if !ok {
			a := &activeSession{done: make(chan struct{})}
			c.active[sessionID] = a
			c.wg.Add(1)
			c.mu.Unlock()
			return a, nil
		}
		if !cur.closing {
			err := onBusy()
			c.mu.Unlock()
			return nil, err
		}
		c.mu.Unlock()
		select {
		case <-cur.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// release ends a's hold on sessionID.
func (c *Coordinator) release(sessionID string, a *activeSession) {
	c.mu.Lock()
	if c.active[sessionID] == a {
		delete(c.active, sessionID)
		close(a.done)
		c.wg.Done()
	}
	c.mu.Unlock()
}

// publish delivers ev to every subscriber, waiting for slow ones up to
// publishTimeout (see EventStepFinished).
func (c *Coordinator) publish(ctx context.Context, ev Event) {
	if c.events.SubscriberCount() == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), publishTimeout)
	defer cancel()
	if err := c.events.PublishWait(ctx, pubsub.Created, ev); err != nil {
		c.log.Warn("agent event not delivered", "type", ev.Type, "session", ev.SessionID)
	}
}

// publishLossy delivers ev to subscribers with room for it.
func (c *Coordinator) publishLossy(ev Event) { c.events.Publish(pubsub.Created, ev) }

// info publishes a note for the user.
func (c *Coordinator) info(ctx context.Context, sessionID, text string) {
	c.publish(ctx, Event{Type: EventInfo, SessionID: sessionID, Text: text})
}
