package agenttest

import (
	"context"
	"encoding/json"
	"slices"
	"sync"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
)

// ToolFunc answers one call.
type ToolFunc func(ctx context.Context, call tools.Call) tools.Result

// Tools is a toolset of functions that records the calls it runs.
type Tools struct {
	mu       sync.Mutex
	defs     []llm.ToolDef
	fns      map[string]ToolFunc
	readOnly map[string]bool
	calls    []Call
}

// Call is one recorded call with the context the agent put on it.
type Call struct {
	tools.Call
	Ctx tools.CallContext
}

// NewTools returns an empty toolset.
func NewTools() *Tools {
	return &Tools{fns: map[string]ToolFunc{}, readOnly: map[string]bool{}}
}

// Add registers a tool; readOnly tools may run in parallel.
func (t *Tools) Add(name string, readOnly bool, fn ToolFunc) *Tools {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.defs = append(t.defs, llm.ToolDef{Name: name, Description: "test tool " + name, Schema: json.RawMessage(`{"type":"object"}`)})
	t.fns[name] = fn
	t.readOnly[name] = readOnly
	return t
}

// Echo is a ToolFunc that answers with its input.
func Echo(_ context.Context, call tools.Call) tools.Result {
	return tools.Result{Content: string(call.Input), Display: tools.Display{Kind: tools.DisplayText, Body: string(call.Input)}}
}

// Definitions lists the tools.
func (t *Tools) Definitions() []llm.ToolDef {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.defs)
}

// ReadOnly reports whether name was added as read-only.
func (t *Tools) ReadOnly(name string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.readOnly[name]
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
