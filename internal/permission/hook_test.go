package permission

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

type fakeHooks struct {
	answer   Answer
	reason   string
	notified atomic.Int32
}

func (f *fakeHooks) Decide(context.Context, Request) (Answer, string) { return f.answer, f.reason }
func (f *fakeHooks) Notify(context.Context, Request)                  { f.notified.Add(1) }

func TestPermissionRequestHooksSettleWhatWouldAskAPerson(t *testing.T) {
	t.Parallel()
	write := Request{ToolName: "edit", Action: ActionWrite, Path: "/proj/a.go"}
	sensitive := Request{ToolName: "write", Action: ActionWrite, Path: "/proj/AGENTS.md"}

	s := newService(t, Config{NonInteractive: true})
	s.SetHooks(&fakeHooks{answer: AllowOnce})
	if err := s.Ask(t.Context(), write); err != nil {
		t.Errorf("hook allow: %v", err)
	}
	if err := s.Ask(t.Context(), sensitive); err == nil {
		t.Error("a hook allowed a sensitive write")
	}

	s2 := newService(t, Config{Rules: Rules{Mode: ModeAcceptEdits}, NonInteractive: true})
	h := &fakeHooks{answer: Deny, reason: "no edits on Fridays"}
	s2.SetHooks(h)
	if err := s2.Ask(t.Context(), write); err != nil {
		t.Errorf("the mode allowed it before any hook: %v", err)
	}
	var d *DeniedError
	if err := s2.Ask(t.Context(), Request{ToolName: "bash", Action: ActionExecute, Command: "make"}); !errors.As(err, &d) || d.Reason != "no edits on Fridays" {
		t.Errorf("hook deny = %v", err)
	}
}

func TestPreToolUseVerdicts(t *testing.T) {
	t.Parallel()
	write := Request{ToolName: "edit", Action: ActionWrite, Path: "/proj/a.go"}
	s := newService(t, Config{NonInteractive: true})
	if err := s.Ask(WithHookVerdict(t.Context(), HookAllow), write); err != nil {
		t.Errorf("allow verdict: %v", err)
	}
	if err := s.Ask(WithHookVerdict(t.Context(), HookAllow), Request{ToolName: "write", Action: ActionWrite, Path: "/proj/CLAUDE.md"}); err == nil {
		t.Error("allow verdict covered a sensitive write")
	}
	s2 := newService(t, Config{Rules: Rules{Mode: ModeAcceptEdits}, NonInteractive: true})
	if err := s2.Ask(WithHookVerdict(t.Context(), HookAsk), write); err == nil {
		t.Error("ask verdict was allowed by the mode without a person")
	}
	s3 := newService(t, Config{Rules: Rules{Deny: []string{"edit"}}, NonInteractive: true})
	if err := s3.Ask(WithHookVerdict(t.Context(), HookAllow), write); err == nil {
		t.Error("allow verdict beat a deny rule")
	}
}

func TestAllowRulesFromContext(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{NonInteractive: true, Rules: Rules{Deny: []string{"bash(git push*)"}}})
	rules, err := ParseRules("allowed-tools", []string{"bash(git add*)", "edit(src/**)"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := WithAllowRules(t.Context(), rules)
	for _, c := range []struct {
		req  Request
		want bool
	}{
		{Request{ToolName: "bash", Action: ActionExecute, Command: "git add main.go"}, true},
		{Request{ToolName: "bash", Action: ActionExecute, Command: "git add x && rm -rf y"}, false},
		{Request{ToolName: "bash", Action: ActionExecute, Command: "git push"}, false},
		{Request{ToolName: "edit", Action: ActionWrite, Path: "/proj/src/a.go"}, true},
		{Request{ToolName: "edit", Action: ActionWrite, Path: "/proj/README.md"}, false},
	} {
		if err := s.Ask(ctx, c.req); (err == nil) != c.want {
			t.Errorf("%+v: err = %v", c.req, err)
		}
	}
	if err := s.Ask(t.Context(), Request{ToolName: "bash", Action: ActionExecute, Command: "git add main.go"}); err == nil {
		t.Error("rules leaked outside their context")
	}
}
