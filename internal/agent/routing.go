package agent

import (
	"context"
	"slices"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/session"
)

// Routing configures opt-in escalation: a turn starts on the Fast
// candidates and moves to Large for the rest of the turn, never back,
// once a trigger fires. Plan, when set, answers every plan-mode step.
type Routing struct {
	// Escalate turns routing on; off, every step uses Large.
	Escalate bool
	// Fast are the candidates a turn starts on (default: Small).
	Fast []Candidate
	// Plan are the candidates of plan-mode steps (empty: as other steps).
	Plan []Candidate
	// MaxToolCalls escalates once a turn made more tool calls than this
	// (default DefaultEscalateToolCalls).
	MaxToolCalls int
	// MaxTokens escalates once the turn's steps used more tokens (input,
	// cache and output) than this (default DefaultEscalateTokens).
	MaxTokens int64
	// Tools are tool names whose calls escalate; the agent tool always
	// does.
	Tools []string
}

// Defaults of Routing's thresholds. 100k tokens is about three steps of a
// mid-sized session (system prompt and tools ~10k, history ~20k) plus the
// files they read: a turn past it is no quick answer any more, and small
// models lose accuracy on long contexts first.
const (
	DefaultEscalateToolCalls = 3
	DefaultEscalateTokens    = 100_000
)

// Reasons of a model switch (ModelSwitch.Reason).
const (
	SwitchToolCalls      = "tool_calls"       // more tool calls than Routing.MaxToolCalls
	SwitchTokens         = "tokens"           // more tokens than Routing.MaxTokens
	SwitchTool           = "tool"             // a tool that wants the large model (Detail names it)
	SwitchMultiFileEdit  = "multi_file_edit"  // edits of more than one file
	SwitchRepeatedFailed = "repeated_failure" // a failed call the model sent again
	SwitchUser           = "user"             // the user asked (/escalate)
	SwitchPlanMode       = "plan_mode"        // plan mode began or ended (models.plan)
)

// ModelSwitch describes a change of model group between two steps of a
// turn (EventModelSwitch, and the trace of the first step on the new one).
type ModelSwitch = session.ModelSwitch

// SetRouting replaces the routing configuration; running turns use it
// from their next step.
func (c *Coordinator) SetRouting(r Routing) {
	c.rolesMu.Lock()
	defer c.rolesMu.Unlock()
	c.cfg.Routing = r.withDefaults()
}

func (c *Coordinator) routing() Routing {
	c.rolesMu.RLock()
	defer c.rolesMu.RUnlock()
	return c.cfg.Routing
}

func (r Routing) withDefaults() Routing {
	if r.MaxToolCalls <= 0 {
		r.MaxToolCalls = DefaultEscalateToolCalls
	}
	if r.MaxTokens <= 0 {
		r.MaxTokens = DefaultEscalateTokens
	}
	return r
}

// Escalate makes the session's running turn use the large candidates
// from its next step on; when the session is idle, its next turn starts
// on them. It reports whether routing is on (else there is nothing to
// escalate from).
func (c *Coordinator) Escalate(sessionID string) bool {
	if !c.routing().Escalate {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if a, ok := c.active[sessionID]; ok && a.turn != nil {
		a.turn.route.requestUser()
		return true
	}
	if c.escalated == nil {
		c.escalated = make(map[string]bool)
	}
	c.escalated[sessionID] = true
	return true
}

// takeEscalation reports (and forgets) an /escalate given while the
// session was idle.
func (c *Coordinator) takeEscalation(sessionID string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := c.escalated[sessionID]
	delete(c.escalated, sessionID)
	return v
}

// group names the candidate lists of a step.
type group string

const (
	groupFast  group = "fast"
	groupLarge group = "large"
	groupPlan  group = "plan"
)

// pick returns the group and candidates of the turn's next step.
func (t *turn) pick() (group, []Candidate) {
	r := t.c.routing()
	switch {
	case len(t.spec.models) > 0: // a custom sub-agent's or command's model
		return groupLarge, t.spec.models
	case t.mode == permission.ModePlan && len(r.Plan) > 0:
		return groupPlan, r.Plan
	case r.Escalate && !t.route.isEscalated():
		if len(r.Fast) == 0 {
			return groupFast, t.c.small()
		}
		return groupFast, r.Fast
	}
	return groupLarge, t.c.large()
}

// candidates picks the step's candidates and publishes a model switch
// when the group changed since the turn's previous step.
func (t *turn) candidates(ctx context.Context) []Candidate {
	g, cands := t.pick()
	sw := t.route.enter(g, t.c.firstFree(cands))
	if sw != nil {
		t.c.publish(ctx, Event{Type: EventModelSwitch, SessionID: t.sessionID, Text: sw.Text(), Switch: sw})
	}
	t.stepSwitch = sw
	return cands
}

// firstFree names the candidate callModel will ask first.
func (c *Coordinator) firstFree(cands []Candidate) string {
	anyway := c.cool.earliestIfAll(names(cands))
	for _, cand := range cands {
		if _, ok := c.cool.check(cand.Name()); !ok || cand.Name() == anyway {
			return cand.Name()
		}
	}
	return ""
}

// wantsLarge reports whether a call of tool name escalates the turn.
func (r Routing) wantsLarge(name string) bool {
	return name == "agent" || slices.Contains(r.Tools, name)
}
