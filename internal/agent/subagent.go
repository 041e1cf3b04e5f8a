package agent

import (
	"context"
	"errors"
	"fmt"

	"github.com/honecode/hone/internal/llm"
)

// RunSubAgent runs a read-only sub-agent (Deps.SubAgentTools) on prompt in
// a new child session of parentSessionID linked to the agent tool call
// callID, and returns its final text. The child's usage and cost are added
// to the parent session and to the parent's running turn. It satisfies
// tools.SubAgentRunner.
func (c *Coordinator) RunSubAgent(ctx context.Context, parentSessionID, callID, prompt string) (string, error) {
	if c.deps.Children == nil || c.deps.SubAgentTools == nil {
		return "", ErrNoSubAgent
	}
	child, err := c.deps.Children.CreateChild(ctx, parentSessionID, callID, c.cfg.WorkDir, fallbackTitle(prompt))
	if err != nil {
		return "", fmt.Errorf("create sub-agent session: %w", err)
	}
	a, err := c.acquire(ctx, child.ID, func() error { return ErrBusy })
	if err != nil {
		return "", err
	}
	spec := turnSpec{tools: c.deps.SubAgentTools, prompt: promptSub, maxSteps: c.cfg.MaxSteps,
		escalated: c.turnEscalated(parentSessionID)}
	res, err := c.runHeld(ctx, child.ID, a, []llm.Part{llm.Text(prompt)}, spec)
	if err != nil {
		return "", err
	}
	c.chargeParent(ctx, parentSessionID, res)
	switch res.Reason {
	case ExitDone, ExitPermissionDenied, ExitEmptyAnswer:
		return res.Text, nil
	case ExitCanceled:
		return res.Text, context.Canceled
	}
	if res.Err != nil {
		return res.Text, fmt.Errorf("sub-agent: %w", res.Err)
	}
	return res.Text, fmt.Errorf("sub-agent stopped: %s", res.Reason)
}

// chargeParent adds a sub-agent's spend to its parent session and turn.
func (c *Coordinator) chargeParent(ctx context.Context, parentID string, res *Result) {
	if res.Usage.Total() == 0 && res.Cost == 0 {
		return
	}
	c.mu.Lock()
	var t *turn
	if a, ok := c.active[parentID]; ok {
		t = a.turn
	}
	c.mu.Unlock()
	if t != nil {
		t.addSpend(res.Usage, res.Cost)
	}
	store := context.WithoutCancel(ctx)
	parent, err := c.deps.Sessions.Get(store, parentID)
	if err != nil {
		c.log.Error("charge parent session", "session", parentID, "err", err)
		return
	}
	if err := c.deps.Sessions.AddUsage(store, parentID, res.Usage, res.Cost, parent.ContextTokens); err != nil && !errors.Is(err, context.Canceled) {
		c.log.Error("charge parent session", "session", parentID, "err", err)
	}
}

// turnEscalated reports whether the running turn of sessionID escalated:
// its sub-agents then start on the large candidates too.
func (c *Coordinator) turnEscalated(sessionID string) bool {
	c.mu.Lock()
	var t *turn
	if a, ok := c.active[sessionID]; ok {
		t = a.turn
	}
	c.mu.Unlock()
	return t != nil && t.route.isEscalated()
}
