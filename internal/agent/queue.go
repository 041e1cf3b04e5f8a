package agent

import (
	"context"
	"fmt"
	"slices"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// queuedPrompt is a stored queued user message waiting for its session.
type queuedPrompt struct {
	msg message.Message
}

// enqueueLocked stores parts as a queued prompt of sessionID; c.mu is held.
func (c *Coordinator) enqueueLocked(ctx context.Context, sessionID string, parts []llm.Part) (message.Message, error) {
	m, err := c.deps.Messages.Create(context.WithoutCancel(ctx), message.Message{
		SessionID: sessionID,
		Role:      llm.RoleUser,
		Parts:     parts,
		Status:    message.StatusQueued,
		CreatedAt: c.cfg.Now().UnixMilli(),
	})
	if err != nil {
		return message.Message{}, fmt.Errorf("queue prompt: %w", err)
	}
	c.queues[sessionID] = append(c.queues[sessionID], queuedPrompt{msg: m})
	return m, nil
}

// Queue returns the prompts waiting for sessionID, oldest first.
func (c *Coordinator) Queue(sessionID string) []QueuedPrompt {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.queueLocked(sessionID)
}

func (c *Coordinator) queueLocked(sessionID string) []QueuedPrompt {
	q := c.queues[sessionID]
	out := make([]QueuedPrompt, len(q))
	for i, p := range q {
		out[i] = QueuedPrompt{MessageID: p.msg.ID, Text: p.msg.LLM().Text()}
	}
	return out
}

// RemoveQueued takes a prompt out of sessionID's queue and deletes its
// stored message; ErrNotQueued when it is not (or no longer) queued.
func (c *Coordinator) RemoveQueued(ctx context.Context, sessionID, messageID string) error {
	c.mu.Lock()
	q := c.queues[sessionID]
	i := slices.IndexFunc(q, func(p queuedPrompt) bool { return p.msg.ID == messageID })
	if i < 0 {
		c.mu.Unlock()
		return ErrNotQueued
	}
	c.setQueueLocked(sessionID, slices.Delete(slices.Clone(q), i, i+1))
	// Deleted under c.mu: a turn takes queued prompts from the store under
	// it too, so it never takes one that was just removed.
	err := c.deps.Messages.Delete(ctx, messageID)
	c.mu.Unlock()
	if err != nil {
		return fmt.Errorf("remove queued prompt: %w", err)
	}
	c.publishQueue(ctx, sessionID)
	return nil
}

func (c *Coordinator) setQueueLocked(sessionID string, q []queuedPrompt) {
	if len(q) == 0 {
		delete(c.queues, sessionID)
		return
	}
	c.queues[sessionID] = q
}

// takeQueued returns the session's queued prompts from the store (this
// process's and other processes') and drops them from the queue shown.
func (c *Coordinator) takeQueued(ctx context.Context, sessionID string) ([]message.Message, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.takeQueuedLocked(ctx, sessionID)
}

func (c *Coordinator) takeQueuedLocked(ctx context.Context, sessionID string) ([]message.Message, error) {
	q, err := c.deps.Messages.ListQueued(context.WithoutCancel(ctx), sessionID)
	if err != nil {
		return nil, fmt.Errorf("read queued prompts: %w", err)
	}
	ids := make(map[string]bool, len(q))
	for _, m := range q {
		ids[m.ID] = true
	}
	c.forgetQueuedLocked(sessionID, ids)
	return q, nil
}

// forgetQueued drops the given message ids from sessionID's queue (they
// were folded from the store at the start of a turn).
func (c *Coordinator) forgetQueued(sessionID string, ids map[string]bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forgetQueuedLocked(sessionID, ids)
}

func (c *Coordinator) forgetQueuedLocked(sessionID string, ids map[string]bool) {
	q := slices.DeleteFunc(slices.Clone(c.queues[sessionID]), func(p queuedPrompt) bool { return ids[p.msg.ID] })
	c.setQueueLocked(sessionID, q)
}

// continueOrClose is called when a turn's model has finished answering:
// it returns the queued prompts to fold into the turn, or, when there are
// none, marks the turn closing so that later prompts start a new turn. With
// a lease, the check and the closing mark are one step for other processes
// too (session.Lease.Close).
func (c *Coordinator) continueOrClose(ctx context.Context, sessionID string, a *activeSession) ([]message.Message, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if a.lease != nil {
		pending, err := a.lease.Close(context.WithoutCancel(ctx))
		if err != nil {
			return nil, err
		}
		if !pending {
			a.closing = true
			return nil, nil
		}
	}
	q, err := c.takeQueuedLocked(ctx, sessionID)
	if err != nil || len(q) > 0 {
		return q, err
	}
	a.closing = true
	return nil, nil
}

// markClosing marks a turn that ends for any other reason; its queue stays
// for the session's next Run.
func (c *Coordinator) markClosing(a *activeSession) {
	c.mu.Lock()
	a.closing = true
	c.mu.Unlock()
}

// publishQueue announces the session's current queue. The snapshot and
// its delivery happen under queuePubMu, so subscribers see queue states in
// the order they occurred (an older list never arrives after a newer one).
func (c *Coordinator) publishQueue(ctx context.Context, sessionID string) {
	c.queuePubMu.Lock()
	defer c.queuePubMu.Unlock()
	c.publish(ctx, Event{Type: EventQueueChanged, SessionID: sessionID, Queue: c.Queue(sessionID)})
}
