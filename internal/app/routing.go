package app

import (
	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
)

// routing builds the agent's escalation and plan-mode candidates from
// config (zero routing when r is nil).
func (c *clients) routing(r *config.Resolved, m config.Models) (agent.Routing, error) {
	if r == nil {
		return agent.Routing{}, nil
	}
	out := agent.Routing{
		Escalate:     m.Routing == config.RoutingEscalate,
		MaxToolCalls: m.EscalateAfterToolCalls,
		MaxTokens:    m.EscalateAfterTokens,
		Tools:        m.EscalateOnTools,
	}
	var err error
	if out.Escalate {
		if out.Fast, err = c.candidates(r, r.Fast); err != nil {
			return agent.Routing{}, err
		}
	}
	if out.Plan, err = c.candidates(r, r.Plan); err != nil {
		return agent.Routing{}, err
	}
	return out, nil
}
