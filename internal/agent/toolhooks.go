package agent

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/honecode/hone/internal/hooks"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// runHooked runs one call between its PreToolUse and PostToolUse hooks:
// a PreToolUse hook may refuse the call, change its input or decide its
// permission; PostToolUse hooks may add context for the model or tell it
// about a problem.
func (t *turn) runHooked(ctx context.Context, cctx context.Context, call llm.Part) tools.Result {
	input := json.RawMessage(call.Input)
	if t.c.hooksOn(hooks.PreToolUse) {
		o := t.c.runHook(ctx, t.sessionID, hooks.Input{Event: hooks.PreToolUse, ToolName: call.ToolName, ToolInput: input, ToolUseID: call.ToolCallID})
		if o.Halt {
			t.halt(o.HaltReason)
		}
		if o.Block || o.Halt {
			return blockedResult(o)
		}
		if o.UpdatedInput != nil {
			input = o.UpdatedInput
		}
		switch o.Decision {
		case "allow":
			cctx = permission.WithHookVerdict(cctx, permission.HookAllow)
		case "ask":
			cctx = permission.WithHookVerdict(cctx, permission.HookAsk)
		}
	}
	res := t.spec.tools.Run(cctx, tools.Call{ID: call.ToolCallID, Name: call.ToolName, Input: input})
	return t.postToolHooks(ctx, call, input, res)
}

// blockedResult answers a call a PreToolUse hook refused.
func blockedResult(o hooks.Outcome) tools.Result {
	reason := strings.TrimSpace(o.Reason)
	if reason == "" {
		reason = strings.TrimSpace(o.HaltReason)
	}
	if reason == "" {
		reason = "no reason given"
	}
	r := tools.ErrorResult("Blocked by a PreToolUse hook: " + reason)
	r.Denied = true
	return r
}

// postToolHooks runs PostToolUse (or PostToolUseFailure) hooks and adds
// what they say for the model to the result.
func (t *turn) postToolHooks(ctx context.Context, call llm.Part, input json.RawMessage, res tools.Result) tools.Result {
	in := hooks.Input{Event: hooks.PostToolUse, ToolName: call.ToolName, ToolInput: input, ToolUseID: call.ToolCallID}
	if res.IsError {
		in.Event, in.Error = hooks.PostToolUseFailure, res.Content
	} else {
		resp := map[string]any{"content": res.Content}
		if call.ToolName == "bash" {
			resp["stdout"] = res.Content
		}
		in.ToolResponse = resp
	}
	if !t.c.hooksOn(in.Event) {
		return res
	}
	o := t.c.runHook(ctx, t.sessionID, in)
	if o.Halt {
		t.halt(o.HaltReason)
	}
	var notes []string
	if o.Block && strings.TrimSpace(o.Reason) != "" {
		notes = append(notes, "A "+string(in.Event)+" hook reports: "+o.Reason)
	}
	notes = append(notes, o.Context...)
	if len(notes) > 0 {
		res.Content = strings.TrimRight(res.Content, "\n") + "\n\n<hook-context>\n" + strings.Join(notes, "\n\n") + "\n</hook-context>"
	}
	return res
}

// halt records that a hook asked to stop the turn (continue: false).
func (t *turn) halt(reason string) {
	t.mu.Lock()
	t.halted, t.haltReason = true, reason
	t.mu.Unlock()
}

// haltedBy reports whether a hook stopped the turn, and why.
func (t *turn) haltedBy() (bool, string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.halted, t.haltReason
}
