package agenttest

import (
	"context"
	"encoding/json"
	"slices"
	"sync"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// ToolFunc answers one call.
type ToolFunc func(ctx context.Context, call tools.Call) tools.Result

// Tools is a toolset of functions that records the calls it runs.
type Tools struct {
	mu       sync.Mutex
	defs     []llm.ToolDef
	fns      map[string]ToolFunc
	policies map[string]tools.Policy
	calls    []Call
}

// Call is one recorded call with the context the agent put on it.
type Call struct {
	tools.Call
	Ctx tools.CallContext
}

// NewTools returns an empty toolset.
func NewTools() *Tools {
	return &Tools{fns: map[string]ToolFunc{}, policies: map[string]tools.Policy{}}
}

// Add registers a tool; readOnly tools may run in parallel, the others
// have the execute policy.
func (t *Tools) Add(name string, readOnly bool, fn ToolFunc) *Tools {
	if readOnly {
		return t.AddPolicy(name, tools.PolicyReadOnly, fn)
	}
	return t.AddPolicy(name, tools.PolicyExecute, fn)
}

// AddPolicy registers a tool with the given policy.
func (t *Tools) AddPolicy(name string, p tools.Policy, fn ToolFunc) *Tools {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.defs = append(t.defs, llm.ToolDef{Name: name, Description: "test tool " + name, Schema: json.RawMessage(`{"type":"object"}`)})
	t.fns[name] = fn
	t.policies[name] = p
	return t
}

// Echo is a ToolFunc that answers with its input.
func Echo(_ context.Context, call tools.Call) tools.Result {
	return tools.Result{Content: string(call.Input), Display: tools.Display{Kind: tools.DisplayText, Body: string(call.Input)}}
}

// Manifest lists every tool, whatever the mode (the registry's
// per-mode choice is tested in internal/tools).
func (t *Tools) Manifest(permission.Mode) []llm.ToolDef {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.defs)
}

// Policy returns the policy name was added with.
func (t *Tools) Policy(name string) tools.Policy {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.policies[name]
}

// Run records and runs a call; an unknown tool gets an error result.
func (t *Tools) Run(ctx context.Context, call tools.Call) tools.Result {
	t.mu.Lock()
	t.calls = append(t.calls, Call{Call: call, Ctx: tools.CallFrom(ctx)})
	fn := t.fns[call.Name]
	t.mu.Unlock()
	if fn == nil {
		return tools.ErrorResult("unknown tool: " + call.Name)
	}
	return fn(ctx, call)
}

// Calls returns the recorded calls in the order they started.
func (t *Tools) Calls() []Call {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.calls)
}
