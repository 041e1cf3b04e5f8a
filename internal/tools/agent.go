package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed agent.md
var agentDescription string

type agentParams struct {
	Prompt       string `json:"prompt" jsonschema_description:"The complete task for the sub-agent: what to find or answer, where to look, and what to report back."`
	SubagentType string `json:"subagent_type,omitempty" jsonschema_description:"Name of a custom sub-agent listed in this tool's description; leave it out for the built-in read-only researcher."`
}

type agentTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &agentTool{env: env, schema: SchemaFor[agentParams]()} })
}

// Info describes agent. Its sub-agent only reads, so the call is
// read-only and may run beside other read-only calls.
func (t *agentTool) Info() Info {
	desc := agentDescription
	if len(t.env.SubAgents) > 0 {
		var b strings.Builder
		b.WriteString(strings.TrimRight(desc, "\n"))
		b.WriteString("\n\nCustom sub-agents (pass the name as `subagent_type`; each has its own tools and instructions):\n")
		for _, a := range t.env.SubAgents {
			fmt.Fprintf(&b, "- %s: %s\n", a.Name, a.Description)
		}
		desc = b.String()
	}
	return Info{Name: "agent", Description: desc, Schema: t.schema, Policy: PolicyReadOnly}
}

// Run starts a read-only sub-agent in a child session and returns its
// final answer.
func (t *agentTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[agentParams](call)
	if err != nil {
		return Result{}, err
	}
	if typ := strings.TrimSpace(p.SubagentType); typ != "" && typ != "general-purpose" {
		return t.runCustom(ctx, typ, p.Prompt)
	}
	if strings.TrimSpace(p.Prompt) == "" {
		return ErrorResult("prompt is empty: describe the task for the sub-agent."), nil
	}
	if t.env.SubAgent == nil {
		return ErrorResult("sub-agents are not available in this session."), nil
	}
	cc := CallFrom(ctx)
	answer, err := t.env.SubAgent.RunSubAgent(ctx, cc.SessionID, cc.CallID, p.Prompt)
	if err != nil {
		return Result{}, fmt.Errorf("sub-agent: %w", err)
	}
	if strings.TrimSpace(answer) == "" {
		answer = "The sub-agent finished without an answer."
	}
	return Result{Content: answer, Display: Display{Kind: DisplayText, Title: firstLine(p.Prompt), Body: answer}}, nil
}

// runCustom runs the custom sub-agent typ, which must be one offered.
func (t *agentTool) runCustom(ctx context.Context, typ, prompt string) (Result, error) {
	names := make([]string, 0, len(t.env.SubAgents))
	for _, a := range t.env.SubAgents {
		if a.Name == typ {
			return runNamed(ctx, t.env, typ, prompt)
		}
		names = append(names, a.Name)
	}
	if len(names) == 0 {
		return ErrorResult(fmt.Sprintf("unknown subagent_type %q: no custom sub-agents are defined; leave subagent_type out.", typ)), nil
	}
	return ErrorResult(fmt.Sprintf("unknown subagent_type %q. Available: %s (or leave it out).", typ, strings.Join(names, ", "))), nil
}

// firstLine returns the first line of s, cut to 80 characters.
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s, cut := cutRunes(s, 80)
	if cut {
		s += "…"
	}
	return s
}
