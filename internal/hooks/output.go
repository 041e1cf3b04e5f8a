package hooks

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Outcome is what the hooks of one event decided, composed in config
// order. The zero Outcome lets everything proceed unchanged.
type Outcome struct {
	// Block stops what the event announces (the tool call, the prompt,
	// the stop of the turn …); Reason says why, for the model or the user
	// (see docs/extending.md for who reads it per event).
	Block  bool
	Reason string
	// Decision is allow, deny or ask from permissionDecision
	// (PreToolUse) or decision.behavior (PermissionRequest); "" when no
	// hook decided. deny also sets Block.
	Decision string
	// UpdatedInput replaces the tool's input (PreToolUse,
	// PermissionRequest); the last hook in config order that set one wins.
	UpdatedInput json.RawMessage
	// Context is text added for the model (additionalContext, and plain
	// stdout of UserPromptSubmit and SessionStart hooks).
	Context []string
	// Halt ends the turn (continue: false); HaltReason is stopReason,
	// shown to the user.
	Halt       bool
	HaltReason string
	// Messages are shown to the user: systemMessage, the stderr of
	// failed hooks and of blocking hooks of events only the user sees.
	Messages []string
	// SuppressOutput asks front ends not to show the hooks' stdout.
	SuppressOutput bool
}

// result is one hook command's answer.
type result struct {
	command string
	code    int // exit status; -1 when it did not run to an end
	stdout  []byte
	stderr  string
	err     error // could not start, or timed out
}

// wire is the JSON a hook may print on stdout.
type wire struct {
	Continue       *bool           `json:"continue"`
	StopReason     string          `json:"stopReason"`
	SuppressOutput bool            `json:"suppressOutput"`
	SystemMessage  string          `json:"systemMessage"`
	Decision       json.RawMessage `json:"decision"`
	Reason         string          `json:"reason"`
	Specific       struct {
		PermissionDecision       string          `json:"permissionDecision"`
		PermissionDecisionReason string          `json:"permissionDecisionReason"`
		UpdatedInput             json.RawMessage `json:"updatedInput"`
		AdditionalContext        string          `json:"additionalContext"`
		Decision                 struct {
			Behavior     string          `json:"behavior"`
			Message      string          `json:"message"`
			UpdatedInput json.RawMessage `json:"updatedInput"`
		} `json:"decision"`
	} `json:"hookSpecificOutput"`
}

// add folds one hook's answer into o.
func (o *Outcome) add(ev Event, r result) {
	switch {
	case r.err != nil:
		o.Messages = append(o.Messages, "hook "+r.command+": "+r.err.Error())
	case r.code == 2:
		o.blockByExit(ev, strings.TrimSpace(r.stderr))
	case r.code != 0:
		msg := "hook " + r.command + " failed (exit status " + itoa(r.code) + ")"
		if s := strings.TrimSpace(r.stderr); s != "" {
			msg += ": " + s
		}
		o.Messages = append(o.Messages, msg)
	default:
		o.addStdout(ev, r.stdout)
	}
}

// blockByExit applies exit status 2: stderr goes to the model, or to the
// user for events the model does not take part in.
func (o *Outcome) blockByExit(ev Event, stderr string) {
	switch ev {
	case PreToolUse, PermissionRequest, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SubagentStop:
		o.Block = true
		o.Reason = joinReason(o.Reason, stderr)
		if ev == PreToolUse || ev == PermissionRequest {
			o.Decision = "deny"
		}
	default:
		if stderr != "" {
			o.Messages = append(o.Messages, stderr)
		}
	}
}

// addStdout applies the stdout of a hook that exited 0: JSON when it is a
// JSON object, else plain text that UserPromptSubmit and SessionStart
// hooks add as context.
func (o *Outcome) addStdout(ev Event, stdout []byte) {
	out := bytes.TrimSpace(stdout)
	var w wire
	if len(out) == 0 || out[0] != '{' || json.Unmarshal(out, &w) != nil {
		if len(out) > 0 && (ev == UserPromptSubmit || ev == SessionStart) {
			o.Context = append(o.Context, string(out))
		}
		return
	}
	if w.Continue != nil && !*w.Continue {
		o.Halt = true
		o.HaltReason = joinReason(o.HaltReason, w.StopReason)
	}
	o.SuppressOutput = o.SuppressOutput || w.SuppressOutput
	if w.SystemMessage != "" {
		o.Messages = append(o.Messages, w.SystemMessage)
	}
	if ctx := strings.TrimSpace(w.Specific.AdditionalContext); ctx != "" {
		o.Context = append(o.Context, ctx)
	}
	o.decide(ev, w)
}

// decide applies decision fields: the strictest decision wins (deny over
// ask over allow), reasons accumulate in order.
func (o *Outcome) decide(ev Event, w wire) {
	var dec string
	_ = json.Unmarshal(w.Decision, &dec)
	reason := w.Reason
	switch {
	case w.Specific.PermissionDecision != "":
		dec, reason = w.Specific.PermissionDecision, w.Specific.PermissionDecisionReason
	case w.Specific.Decision.Behavior != "":
		dec, reason = w.Specific.Decision.Behavior, w.Specific.Decision.Message
	case dec == "approve": // the older PreToolUse spelling
		dec = "allow"
	case dec == "block" && (ev == PreToolUse || ev == PermissionRequest):
		dec = "deny"
	}
	if u := firstJSON(w.Specific.UpdatedInput, w.Specific.Decision.UpdatedInput); u != nil {
		o.UpdatedInput = u
	}
	switch dec {
	case "block":
		o.Block, o.Reason = true, joinReason(o.Reason, reason)
	case "deny":
		o.Block, o.Decision, o.Reason = true, "deny", joinReason(o.Reason, reason)
	case "ask":
		if o.Decision != "deny" {
			o.Decision = "ask"
		}
		o.Reason = joinReason(o.Reason, reason)
	case "allow":
		if o.Decision == "" {
			o.Decision = "allow"
		}
	}
}

// firstJSON returns the first non-null object among raws.
func firstJSON(raws ...json.RawMessage) json.RawMessage {
	for _, r := range raws {
		if t := bytes.TrimSpace(r); len(t) > 0 && t[0] == '{' {
			return t
		}
	}
	return nil
}

func joinReason(a, b string) string {
	switch {
	case b == "":
		return a
	case a == "":
		return b
	}
	return a + "\n" + b
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
