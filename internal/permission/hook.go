package permission

import (
	"context"
	"sync/atomic"

	"github.com/honecode/hone/internal/shell"
)

// ByHook: a hook refused the request (PreToolUse or PermissionRequest).
const ByHook DecidedBy = "hook"

// HookVerdict is a PreToolUse hook's permission decision for the call
// about to run.
type HookVerdict string

// Verdicts a hook may give.
const (
	// HookAllow lets the call through without asking, like an allow rule:
	// deny rules, the mode's refusals and sensitive files still hold.
	HookAllow HookVerdict = "allow"
	// HookAsk puts the call to a person even where the mode or a rule
	// would allow it (hone run then denies it).
	HookAsk HookVerdict = "ask"
)

type hookVerdictKey struct{}

// WithHookVerdict marks ctx with a hook's verdict on the requests the
// tool call makes.
func WithHookVerdict(ctx context.Context, v HookVerdict) context.Context {
	return context.WithValue(ctx, hookVerdictKey{}, v)
}

func hookVerdict(ctx context.Context) HookVerdict {
	v, _ := ctx.Value(hookVerdictKey{}).(HookVerdict)
	return v
}

// Hooks are asked before a person is: PermissionRequest hooks may settle
// the request, and Notification hooks hear that a person is asked.
type Hooks interface {
	// Decide returns AllowOnce or Deny with a reason, or "" to leave the
	// request to a person.
	Decide(ctx context.Context, req Request) (Answer, string)
	// Notify says a person is about to be asked about req.
	Notify(ctx context.Context, req Request)
}

// hookHolder keeps the service's Hooks, set once the app built them.
type hookHolder struct{ h atomic.Pointer[Hooks] }

// SetHooks makes the service consult h before asking a person.
func (s *Service) SetHooks(h Hooks) { s.hooks.h.Store(&h) }

func (s *Service) hookSet() Hooks {
	if p := s.hooks.h.Load(); p != nil {
		return *p
	}
	return nil
}

// byHook lets PermissionRequest hooks settle a request that would go to
// a person; done is false when none did. A hook's allow never covers a
// sensitive file or a command run again outside the sandbox.
func (s *Service) byHook(ctx context.Context, req Request) (err error, done bool) {
	h := s.hookSet()
	if h == nil {
		return nil, false
	}
	switch a, reason := h.Decide(ctx, req); {
	case a == Deny:
		if reason == "" {
			reason = "denied by a PermissionRequest hook"
		}
		return s.deny(ctx, req, ByHook, reason), true
	case a == AllowOnce && req.Sensitive == "" && req.SandboxBlocked == "":
		return nil, true
	}
	return nil, false
}

// notify tells the hooks a person is asked.
func (s *Service) notify(ctx context.Context, req Request) {
	if h := s.hookSet(); h != nil {
		h.Notify(ctx, req)
	}
}

type allowRulesKey struct{}

// WithAllowRules adds allow rules for the requests made under ctx: the
// allowed-tools of a custom command, for the turn it started. They apply
// like permissions.allow: deny rules, the mode's refusals and sensitive
// files still hold.
func WithAllowRules(ctx context.Context, rules []Rule) context.Context {
	if len(rules) == 0 {
		return ctx
	}
	return context.WithValue(ctx, allowRulesKey{}, rules)
}

// allowedIn is allowed plus the allow rules ctx carries.
func (s *Service) allowedIn(ctx context.Context, req Request, an *shell.Analysis) bool {
	if s.allowed(req, an) {
		return true
	}
	rules, _ := ctx.Value(allowRulesKey{}).([]Rule)
	if len(rules) == 0 || req.SandboxBlocked != "" || (an != nil && len(an.Unchecked) > 0) {
		return false
	}
	if an != nil {
		return commandAllowed(*an, func(c shell.Command) bool {
			for _, r := range rules {
				if r.matchesTool(req.ToolName) && (r.Pattern == "" || r.matchesCommand(c)) {
					return true
				}
			}
			return false
		})
	}
	for _, r := range rules {
		if r.matchesTool(req.ToolName) && (r.Pattern == "" || r.matchesPath(req.Path, s.projectDir)) {
			return true
		}
	}
	return false
}
