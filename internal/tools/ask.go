package tools

import (
	"context"
	"errors"
	"fmt"

	"github.com/honecode/hone/internal/permission"
)

// askPermission asks env.Perms about req, filling the session and call
// ids from ctx. It returns ok when the action may proceed; otherwise the
// Result to hand back to the model (Denied set on a denial). A nil Perms
// denies: a misconfigured environment must not act unasked.
func askPermission(ctx context.Context, env *Env, req permission.Request) (Result, bool) {
	cc := CallFrom(ctx)
	req.SessionID, req.CallID = cc.SessionID, cc.CallID
	if env.Perms == nil {
		return DeniedResult(&permission.DeniedError{Tool: req.ToolName, Reason: "no permission service"}), false
	}
	return permissionResult(ctx, req, env.Perms.Ask(ctx, req))
}

// permissionResult turns the answer to req into the result for the model
// when it is a denial or an error; ok when the action may proceed.
func permissionResult(ctx context.Context, req permission.Request, err error) (Result, bool) {
	if err == nil {
		return Result{}, true
	}
	var denied *permission.DeniedError
	if errors.As(err, &denied) {
		return DeniedResult(denied), false
	}
	if ctx.Err() != nil {
		return ErrorResult(fmt.Sprintf("%s was cancelled while waiting for permission", req.ToolName)), false
	}
	return ErrorResult(fmt.Sprintf("permission check for %s failed: %v", req.ToolName, err)), false
}

// DeniedResult is the result of a call the permission service refused:
// it tells the model that it was denied, why, and what the person said.
func DeniedResult(err *permission.DeniedError) Result {
	msg := fmt.Sprintf("Permission denied: the user did not allow this %s call.", err.Tool)
	if err.Reason != "" {
		msg = fmt.Sprintf("Permission denied for %s (%s).", err.Tool, err.Reason)
	}
	if err.Feedback != "" {
		msg += " The user said: " + err.Feedback
	} else {
		msg += " Do not retry the same action; ask the user how to proceed if it is needed."
	}
	res := ErrorResult(msg)
	res.Denied = true
	res.Display = Display{Kind: DisplayText, Title: "permission denied", Body: denialForPerson(err)}
	return res
}

// denialForPerson says why a call was denied in words for the person
// watching (hone run's stderr): the full reason, with the rule or flag
// that would allow it, without the advice meant for the model.
func denialForPerson(err *permission.DeniedError) string {
	s := err.Reason
	if s == "" {
		s = "denied by the user"
	}
	if err.Feedback != "" {
		s += ": " + err.Feedback
	}
	return s
}

// denyRules is implemented by permission services (permission.Service)
// that can judge deny rules without asking anyone.
type denyRules interface {
	DenyReason(req permission.Request) string
}

// denyByRule applies the deny rules to an action that needs no prompt (a
// read inside the project, a read-only command): deny rules come first in
// every decision, so they refuse it even though nobody would be asked.
func denyByRule(env *Env, req permission.Request) (Result, bool) {
	if rules, ok := env.Perms.(denyRules); ok {
		if reason := rules.DenyReason(req); reason != "" {
			return DeniedResult(&permission.DeniedError{Tool: req.ToolName, Reason: reason}), false
		}
	}
	return Result{}, true
}
