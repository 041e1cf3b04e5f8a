package agent

import (
	"context"
	"strings"

	"github.com/honecode/hone/internal/hooks"
	"github.com/honecode/hone/internal/llm"
)

// maxStopContinues bounds how often Stop hooks may keep one turn going,
// in case a hook ignores stop_hook_active.
const maxStopContinues = 8

// PromptBlockedError is returned by Run when a UserPromptSubmit hook
// blocked the prompt; nothing was stored. Reason is for the user.
type PromptBlockedError struct{ Reason string }

// Error says that a hook blocked the prompt and why.
func (e *PromptBlockedError) Error() string {
	if e.Reason == "" {
		return "a UserPromptSubmit hook blocked the prompt"
	}
	return "a UserPromptSubmit hook blocked the prompt: " + e.Reason
}

// hooksOn reports whether any hook listens for ev.
func (c *Coordinator) hooksOn(ev hooks.Event) bool {
	return c.deps.Hooks != nil && c.deps.Hooks.Has(ev)
}

// runHook runs the hooks of in's event for sessionID and shows their
// messages to the user.
func (c *Coordinator) runHook(ctx context.Context, sessionID string, in hooks.Input) hooks.Outcome {
	in.SessionID, in.Cwd, in.PermissionMode = sessionID, c.cfg.WorkDir, string(c.mode())
	o := c.deps.Hooks.Run(ctx, in)
	for _, m := range o.Messages {
		c.info(ctx, sessionID, "hook: "+m)
	}
	return o
}

// promptHooks runs SessionStart (the first prompt of the session in this
// process) and UserPromptSubmit hooks before a prompt is stored, and
// returns the context they add as one text part (none when empty).
func (c *Coordinator) promptHooks(ctx context.Context, sessionID, prompt string) ([]llm.Part, error) {
	var added []string
	if c.hooksOn(hooks.SessionStart) {
		if source, first := c.markStarted(ctx, sessionID); first {
			added = append(added, c.runHook(ctx, sessionID, hooks.Input{Event: hooks.SessionStart, Source: source}).Context...)
		}
	} else {
		c.markStarted(ctx, sessionID)
	}
	if c.hooksOn(hooks.UserPromptSubmit) {
		o := c.runHook(ctx, sessionID, hooks.Input{Event: hooks.UserPromptSubmit, Prompt: prompt})
		switch {
		case o.Halt:
			return nil, &PromptBlockedError{Reason: o.HaltReason}
		case o.Block:
			return nil, &PromptBlockedError{Reason: o.Reason}
		}
		added = append(added, o.Context...)
	}
	if len(added) == 0 {
		return nil, nil
	}
	return []llm.Part{llm.Text("Context added by hooks:\n\n" + strings.Join(added, "\n\n"))}, nil
}

// markStarted records that sessionID has been used in this process (its
// SessionEnd hooks run at Close) and says whether this is the first time,
// with the SessionStart source: startup for a session without a step
// yet, resume otherwise.
func (c *Coordinator) markStarted(ctx context.Context, sessionID string) (string, bool) {
	c.mu.Lock()
	if c.started == nil {
		c.started = map[string]context.Context{}
	}
	_, seen := c.started[sessionID]
	c.started[sessionID] = context.WithoutCancel(ctx)
	c.mu.Unlock()
	if seen {
		return "", false
	}
	if s, err := c.deps.Sessions.Get(ctx, sessionID); err == nil && s.ContextTokens > 0 {
		return "resume", true
	}
	return "startup", true
}

// endSessions runs the SessionEnd hooks of every session used in this
// process (Close).
func (c *Coordinator) endSessions() {
	if !c.hooksOn(hooks.SessionEnd) {
		return
	}
	c.mu.Lock()
	started := c.started
	c.started = nil
	c.mu.Unlock()
	for id, ctx := range started {
		c.runHook(ctx, id, hooks.Input{Event: hooks.SessionEnd, Reason: "exit"})
	}
}

// stopHook runs the Stop (or SubagentStop) hooks when the model wants to
// end the turn. A hook that blocks with a reason keeps the turn going:
// the reason is stored as a user message and true is returned.
func (t *turn) stopHook(ctx context.Context) bool {
	ev := hooks.Stop
	if t.spec.prompt != promptMain {
		ev = hooks.SubagentStop
	}
	if !t.c.hooksOn(ev) || t.stopContinues >= maxStopContinues {
		return false
	}
	o := t.c.runHook(ctx, t.sessionID, hooks.Input{Event: ev, StopHookActive: t.stopContinues > 0, AgentType: t.spec.agentType})
	if o.Halt || !o.Block || strings.TrimSpace(o.Reason) == "" {
		return false
	}
	t.stopContinues++
	if err := t.addUser(ctx, []llm.Part{llm.Text("Stop hook feedback:\n\n" + o.Reason)}); err != nil {
		t.end(ExitError, err)
		return false
	}
	t.steps = 0
	return true
}

// preCompact runs the PreCompact hooks before a summary.
func (t *turn) preCompact(ctx context.Context, auto bool) {
	if !t.c.hooksOn(hooks.PreCompact) {
		return
	}
	trigger := "manual"
	if auto {
		trigger = "auto"
	}
	t.c.runHook(ctx, t.sessionID, hooks.Input{Event: hooks.PreCompact, Trigger: trigger})
}
