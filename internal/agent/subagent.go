package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
	spec := turnSpec{tools: c.deps.SubAgentTools, prompt: promptSub, maxSteps: c.cfg.MaxSteps,
		escalated: c.turnEscalated(parentSessionID)}
	return c.runChild(ctx, parentSessionID, callID, prompt, spec)
}

// RunNamedSubAgent runs the custom sub-agent name (Deps.SubAgents) on
// prompt in a new child session of parentSessionID, with only its own
// tools, its instructions as the role prompt and its model, and returns
// its final text. Usage and cost go to the parent as for RunSubAgent. It
// satisfies tools.NamedSubAgentRunner.
func (c *Coordinator) RunNamedSubAgent(ctx context.Context, parentSessionID, callID, name, prompt string) (string, error) {
	sa, ok := c.deps.SubAgents[name]
	if !ok || c.deps.Children == nil || sa.Tools == nil {
		return "", fmt.Errorf("sub-agent %q: %w", name, ErrNoSubAgent)
	}
	spec := turnSpec{tools: sa.Tools, prompt: promptSub, maxSteps: c.cfg.MaxSteps,
		role: sa.Prompt, agentType: name, models: c.subAgentModels(sa.Model), escalated: c.turnEscalated(parentSessionID)}
	if spec.role == "" {
		spec.role = subAgentText
	}
	return c.runChild(ctx, parentSessionID, callID, prompt, spec)
}

// runChild runs spec's turn on prompt in a new child session and charges
// its spend to the parent.
func (c *Coordinator) runChild(ctx context.Context, parentSessionID, callID, prompt string, spec turnSpec) (string, error) {
	child, err := c.deps.Children.CreateChild(ctx, parentSessionID, callID, c.cfg.WorkDir, fallbackTitle(prompt))
	if err != nil {
		return "", fmt.Errorf("create sub-agent session: %w", err)
	}
	a, err := c.acquire(ctx, child.ID, func() error { return ErrBusy })
	if err != nil {
		return "", err
	}
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

// subAgentModels picks a custom sub-agent's candidates: nil (the main
// agent's) for "", inherit and unknown names; the small role for small
// and haiku; the candidate named provider/model when one is configured.
func (c *Coordinator) subAgentModels(model string) []Candidate {
	switch strings.ToLower(strings.TrimSpace(model)) {
	case "", "inherit", "large", "sonnet", "opus":
		return nil
	case "small", "haiku":
		return c.small()
	}
	large, small := c.Candidates()
	for _, cand := range append(large, small...) {
		if cand.Name() == model || cand.Model == model {
			return []Candidate{cand}
		}
	}
	c.log.Warn("sub-agent model not configured; using the main model", "model", model)
	return nil
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
