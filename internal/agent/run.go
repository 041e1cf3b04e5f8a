package agent

import (
	"context"
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// Run sends prompt (and attachments: image or text parts) to sessionID and
// blocks until the turn ends, including queued prompts folded into it.
//
// When the session is busy, the prompt is stored as queued and Run returns
// at once with Reason ExitQueued. Otherwise the returned Result describes
// the turn whatever its outcome (Result.Err carries a failure); the error
// return is only for failures before the turn started (unknown session,
// store errors, ErrEmptyPrompt, ErrNoModel, ErrClosed).
func (c *Coordinator) Run(ctx context.Context, sessionID, prompt string, attachments []llm.Part) (*Result, error) {
	return c.RunWith(ctx, sessionID, prompt, attachments, RunOptions{})
}

// RunWith is Run with per-call limits.
func (c *Coordinator) RunWith(ctx context.Context, sessionID, prompt string, attachments []llm.Part, opts RunOptions) (*Result, error) {
	parts := userParts(prompt, attachments)
	if len(parts) == 0 {
		return nil, ErrEmptyPrompt
	}
	if len(c.large()) == 0 {
		return nil, ErrNoModel
	}
	parts, inv, err := c.expandPrompt(ctx, sessionID, prompt, parts)
	if err != nil {
		return nil, err
	}
	spec := c.mainSpec(opts)
	c.applyCommand(&spec, inv)
	var queued message.Message
	a, err := c.acquire(ctx, sessionID, func() error {
		m, err := c.enqueueLocked(ctx, sessionID, parts)
		queued = m
		return err
	})
	if err != nil {
		return nil, err
	}
	if a == nil {
		c.publishQueue(ctx, sessionID)
		return &Result{SessionID: sessionID, Reason: ExitQueued, QueuedMessageID: queued.ID}, nil
	}
	l, err := c.takeLease(ctx, sessionID, a, parts)
	if err != nil || l.queued != nil {
		c.markClosing(a)
		c.release(sessionID, a)
		return l.queued, err
	}
	a.lease = l.lease
	return c.runHeld(ctx, sessionID, a, l.parts, spec)
}

// Retry asks the model again to answer the session's history as it is,
// without a new prompt: the "retry now" of a turn that failed. It forgets
// every cooldown first, since the person asked to try now, so the first
// candidate is asked again. It fails with ErrBusy while a turn runs here,
// with session.HeldError while another process holds the session, and
// with ErrNothingToRetry for a session without a prompt.
func (c *Coordinator) Retry(ctx context.Context, sessionID string) (*Result, error) {
	if len(c.large()) == 0 {
		return nil, ErrNoModel
	}
	c.cool.clear()
	a, err := c.acquire(ctx, sessionID, func() error { return ErrBusy })
	if err != nil {
		return nil, err
	}
	if c.deps.Leases != nil {
		lease, err := c.deps.Leases.Acquire(ctx, sessionID)
		if err != nil {
			c.markClosing(a)
			c.release(sessionID, a)
			return nil, err
		}
		a.lease = lease
	}
	return c.runHeld(ctx, sessionID, a, nil, c.mainSpec(RunOptions{}))
}

// runHeld runs a turn on a session acquired as a (with a.lease, when
// set), releasing both at the end. parts may be empty when the prompt
// waits in the store as queued and begin folds it in.
func (c *Coordinator) runHeld(ctx context.Context, sessionID string, a *activeSession, parts []llm.Part, spec turnSpec) (*Result, error) {
	defer c.release(sessionID, a)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if a.lease != nil {
		defer c.keepLease(ctx, sessionID, a.lease, cancel)()
	}
	t := c.newTurn(ctx, sessionID, spec)
	if spec.escalated || c.takeEscalation(sessionID) {
		t.route.requestUser()
	}
	c.mu.Lock()
	a.cancel = cancel
	a.turn = t
	c.mu.Unlock()
	if err := t.begin(ctx, parts); err != nil {
		c.markClosing(a)
		return nil, err
	}
	c.publish(ctx, Event{Type: EventTurnStarted, SessionID: sessionID,
		ParentSessionID: t.sess.ParentSessionID, ParentCallID: t.sess.ParentCallID})
	t.loop(ctx, a)
	res := t.result()
	c.publish(ctx, Event{Type: EventTurnFinished, SessionID: sessionID, Result: res})
	return res, nil
}

func (c *Coordinator) mainSpec(opts RunOptions) turnSpec {
	steps := c.cfg.MaxSteps
	if opts.MaxSteps > 0 {
		steps = opts.MaxSteps
	}
	return turnSpec{
		tools:    c.deps.Tools,
		prompt:   promptMain,
		maxSteps: steps,
		maxCost:  opts.MaxCost,
		queue:    true,
		titles:   !c.cfg.DisableTitles,
	}
}

// userParts is the content of a user message: the prompt text, then the
// attachments.
func userParts(prompt string, attachments []llm.Part) []llm.Part {
	var parts []llm.Part
	if strings.TrimSpace(prompt) != "" {
		parts = append(parts, llm.Text(prompt))
	}
	return append(parts, attachments...)
}
