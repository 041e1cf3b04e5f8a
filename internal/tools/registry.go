package tools

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/artifact"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/permission"
)

// Registry holds the tools offered to a model, validates each call's
// arguments against the tool's schema and runs it. It is safe for
// concurrent use: MCP tools may be added and removed while calls run.
type Registry struct {
	mu    sync.RWMutex
	tools map[string]entry
	// artifacts keeps the whole text of results cut to resultLimit.
	artifacts *artifact.Store
}

// entry is a registered tool with its info and its parsed schema, parsed
// on the tool's first call (a process offers every tool and calls a few):
// nil when the schema could not be parsed, and then the tool's arguments
// are not validated.
type entry struct {
	tool   Tool
	info   Info
	schema func() *schemaNode
}

// NewRegistry returns a registry holding ts.
func NewRegistry(ts ...Tool) *Registry {
	r := &Registry{tools: make(map[string]entry, len(ts))}
	for _, t := range ts {
		r.Add(t)
	}
	return r
}

// Add registers t, replacing a tool of the same name.
func (r *Registry) Add(t Tool) {
	info := t.Info()
	e := entry{tool: t, info: info, schema: sync.OnceValue(func() *schemaNode { return parseSchema(info.Schema) })}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tools[info.Name] = e
}

// SetArtifacts makes the registry keep the whole text of every result it
// cuts (see keepWhole) in store, under the calling session. Call it before
// the registry is used.
func (r *Registry) SetArtifacts(store *artifact.Store) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.artifacts = store
}

// Remove unregisters the tool called name, if any.
func (r *Registry) Remove(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.tools, name)
}

// RemovePrefix unregisters every tool whose name starts with prefix
// (all tools of one MCP server: "mcp_github_").
func (r *Registry) RemovePrefix(prefix string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for name := range r.tools {
		if strings.HasPrefix(name, prefix) {
			delete(r.tools, name)
		}
	}
}

// Get returns the tool called name.
func (r *Registry) Get(name string) (Tool, bool) {
	e, ok := r.lookup(name)
	return e.tool, ok
}

// Names returns the registered tool names, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.tools))
	for name := range r.tools {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Definitions returns the tool definitions offered in the default mode
// (Manifest decides).
func (r *Registry) Definitions() []llm.ToolDef {
	return r.Manifest(permission.ModeDefault)
}

// ReadOnly reports whether the tool called name only reads (its policy is
// PolicyReadOnly); such calls of one step may run in parallel. Unknown
// tools are not read-only.
func (r *Registry) ReadOnly(name string) bool {
	e, ok := r.lookup(name)
	return ok && e.info.Policy == PolicyReadOnly
}

// Subset returns a new registry holding only the named tools that this
// one has (the sub-agent's read-only set).
func (r *Registry) Subset(names ...string) *Registry {
	r.mu.RLock()
	sub := &Registry{tools: make(map[string]entry, len(names)), artifacts: r.artifacts}
	defer r.mu.RUnlock()
	for _, name := range names {
		if e, ok := r.tools[name]; ok {
			sub.tools[name] = e
		}
	}
	return sub
}

func (r *Registry) lookup(name string) (entry, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, ok := r.tools[name]
	return e, ok
}

// Run validates and runs one call. It never fails: an unknown tool, bad
// arguments, a denial, a tool error or a panic all become a Result with
// IsError set that tells the model what went wrong. ctx should carry the
// session and message ids (WithCall); Run adds the call id when missing.
func (r *Registry) Run(ctx context.Context, call Call) (res Result) {
	e, ok := r.lookup(call.Name)
	if !ok {
		return ErrorResult(fmt.Sprintf("unknown tool %q. Available tools: %s.", call.Name, strings.Join(r.Names(), ", ")))
	}
	input, problems := checkArgs(e.schema(), call.Input)
	if len(problems) > 0 {
		return ErrorResult(fmt.Sprintf("invalid arguments for %s: %s. Correct the arguments and call the tool again.",
			call.Name, strings.Join(problems, "; ")))
	}
	if err := ctx.Err(); err != nil { // a cancelled turn starts no new calls
		return resultFromError(call.Name, err)
	}
	cc := CallFrom(ctx)
	if cc.CallID == "" {
		cc.CallID = call.ID
	}
	ctx = WithCall(ctx, cc)
	defer func() {
		if p := recover(); p != nil {
			res = ErrorResult(fmt.Sprintf("tool %s crashed: %v", call.Name, p))
			res.Display.Body += "\n\n" + string(debug.Stack())
		}
	}()
	res, err := e.tool.Run(ctx, Call{ID: call.ID, Name: call.Name, Input: input})
	if err != nil {
		return resultFromError(call.Name, err)
	}
	if res.Display.Kind == "" {
		res.Display.Kind, res.Display.Body = DisplayText, res.Content
	}
	r.mu.RLock()
	store := r.artifacts
	r.mu.RUnlock()
	return keepWhole(ctx, store, res)
}

// resultFromError turns an error a tool returned into the result the model
// sees: denials are marked Denied, cancellations say so.
func resultFromError(tool string, err error) Result {
	var denied *permission.DeniedError
	switch {
	case errors.As(err, &denied):
		return DeniedResult(denied)
	case errors.Is(err, context.Canceled):
		return ErrorResult(fmt.Sprintf("%s was cancelled", tool))
	case errors.Is(err, context.DeadlineExceeded):
		return ErrorResult(fmt.Sprintf("%s timed out", tool))
	}
	return ErrorResult(fmt.Sprintf("%s failed: %v", tool, err))
}
