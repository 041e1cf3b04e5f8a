package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

type namedAgentParams struct {
	Prompt string `json:"prompt" jsonschema_description:"The complete task for the sub-agent: what to do or find, where to look, and what to report back."`
}

// namedAgentTool offers one custom sub-agent as its own tool, named after
// it, for models trained on that shape.
type namedAgentTool struct {
	env    *Env
	info   SubAgentInfo
	schema json.RawMessage
}

// NewNamedAgent returns the tool that runs the custom sub-agent a: its
// name is the agent's, its only argument the prompt.
func NewNamedAgent(env *Env, a SubAgentInfo) Tool {
	return &namedAgentTool{env: env, info: a, schema: SchemaFor[namedAgentParams]()}
}

// Info describes the sub-agent's tool. What the sub-agent may do is
// decided by its own tools, each asking permission itself, so the call
// only reads.
func (t *namedAgentTool) Info() Info {
	desc := "Runs the " + t.info.Name + " sub-agent in its own conversation and returns its final answer.\n\n" +
		t.info.Description + "\n\nIt does not see this conversation: write a complete, self-contained prompt."
	return Info{Name: t.info.Name, Description: desc, Schema: t.schema, Policy: PolicyReadOnly}
}

// Run runs the sub-agent.
func (t *namedAgentTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[namedAgentParams](call)
	if err != nil {
		return Result{}, err
	}
	return runNamed(ctx, t.env, t.info.Name, p.Prompt)
}

// runNamed runs the custom sub-agent name on prompt through env.
func runNamed(ctx context.Context, env *Env, name, prompt string) (Result, error) {
	if strings.TrimSpace(prompt) == "" {
		return ErrorResult("prompt is empty: describe the task for the sub-agent."), nil
	}
	runner, ok := env.SubAgent.(NamedSubAgentRunner)
	if !ok {
		return ErrorResult("custom sub-agents are not available in this session."), nil
	}
	cc := CallFrom(ctx)
	answer, err := runner.RunNamedSubAgent(ctx, cc.SessionID, cc.CallID, name, prompt)
	if err != nil {
		return Result{}, fmt.Errorf("sub-agent %s: %w", name, err)
	}
	if strings.TrimSpace(answer) == "" {
		answer = "The sub-agent finished without an answer."
	}
	return Result{Content: answer, Display: Display{Kind: DisplayText, Title: name + ": " + firstLine(prompt), Body: answer}}, nil
}
