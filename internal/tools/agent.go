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
	Prompt string `json:"prompt" jsonschema_description:"The complete task for the sub-agent: what to find or answer, where to look, and what to report back."`
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
	return Info{Name: "agent", Description: agentDescription, Schema: t.schema, Policy: PolicyReadOnly}
}

// Run starts a read-only sub-agent in a child session and returns its
// final answer.
func (t *agentTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[agentParams](call)
	if err != nil {
		return Result{}, err
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

// firstLine returns the first line of s, cut to 80 characters.
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s, cut := cutRunes(s, 80)
	if cut {
		s += "…"
	}
	return s
}
