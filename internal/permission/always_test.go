package permission

import (
	"errors"
	"testing"
)

func TestAlwaysRuleIsTheExactRuleThatCoversTheCall(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	edit := func(p string, outside bool) Request {
		return Request{SessionID: "s", ToolName: "edit", Action: ActionWrite, Path: p, OutsideProject: outside}
	}
	for _, tt := range []struct {
		req  Request
		want string
	}{
		{bash("s", "go test ./a"), "bash(go test*)"},
		{bash("s", "go build && make"), ""},  // two programs need permission
		{bash("s", "go test > out.txt"), ""}, // a risk (redirection)
		{edit("/proj/src/a.go", false), "edit(src/a.go)"},
		{edit("/proj/we[i]rd*.go", false), `edit(we\[i\]rd\*.go)`},
		{edit("/etc/hosts", true), "edit(/etc/hosts)"},
		{Request{SessionID: "s", ToolName: "fetch", Action: ActionNetwork}, "fetch"},
		{Request{SessionID: "s", ToolName: "edit", Action: ActionWrite, Path: "/proj/AGENTS.md", Sensitive: "instructions"}, ""},
	} {
		an := analyze(tt.req, s.projectDir)
		if got := alwaysRule(tt.req, an, s.projectDir); got != tt.want {
			t.Errorf("alwaysRule(%s %s%s) = %q, want %q", tt.req.ToolName, tt.req.Command, tt.req.Path, got, tt.want)
		}
	}
}

func TestAllowAlwaysAddsTheRuleForEverySession(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	done := asked(t.Context(), s, bash("s1", "go test ./a"))
	req := next(t, reqs)
	if req.AlwaysRule != "bash(go test*)" {
		t.Fatalf("published AlwaysRule = %q", req.AlwaysRule)
	}
	if err := s.Respond(req.ID, AllowAlways, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); err != nil {
		t.Fatalf("Ask after AllowAlways = %v", err)
	}
	// Another session is covered by the rule, not only by a grant.
	if err := s.Ask(t.Context(), bash("s2", "go test ./b -run X")); err != nil {
		t.Errorf("other session after AllowAlways = %v", err)
	}
	done = asked(t.Context(), s, bash("s2", "go build"))
	got := next(t, reqs)
	if err := s.Respond(got.ID, Deny, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); !errors.Is(err, ErrDenied) {
		t.Errorf("go build after allowing go test = %v, want asked and denied", err)
	}
}
