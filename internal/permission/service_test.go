package permission

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// outcome runs one request through a non-interactive service, where
// "would ask" surfaces as a denial by ByNonInteractive.
func outcome(t *testing.T, s *Service, req Request) string {
	t.Helper()
	err := s.Ask(t.Context(), req)
	var d *DeniedError
	switch {
	case err == nil:
		return "allow"
	case errors.As(err, &d) && strings.Contains(d.Reason, "non-interactive"):
		return "ask"
	case errors.As(err, &d):
		return "deny"
	}
	t.Fatalf("Ask: unexpected error %v", err)
	return ""
}

func newService(t *testing.T, cfg Config) *Service {
	t.Helper()
	if cfg.ProjectDir == "" {
		cfg.ProjectDir = "/proj"
	}
	s, err := NewService(cfg)
	if err != nil {
		t.Fatalf("NewService: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestModeByAction(t *testing.T) {
	t.Parallel()
	reqs := map[string]Request{
		"read-in":   {ToolName: "view", Action: ActionRead, Path: "/proj/a.go"},
		"read-out":  {ToolName: "view", Action: ActionRead, Path: "/etc/passwd", OutsideProject: true},
		"write-in":  {ToolName: "edit", Action: ActionWrite, Path: "/proj/a.go"},
		"write-out": {ToolName: "edit", Action: ActionWrite, Path: "/etc/hosts", OutsideProject: true},
		"execute":   {ToolName: "bash", Action: ActionExecute, Command: "go test ./..."},
		"network":   {ToolName: "fetch", Action: ActionNetwork},
		"download":  {ToolName: "download", Action: ActionNetwork, Path: "/proj/x.zip", WritesFile: true},
	}
	want := map[Mode]map[string]string{
		ModeDefault:     {"read-in": "allow", "read-out": "ask", "write-in": "ask", "write-out": "ask", "execute": "ask", "network": "ask", "download": "ask"},
		ModeAcceptEdits: {"read-in": "allow", "read-out": "ask", "write-in": "allow", "write-out": "ask", "execute": "ask", "network": "ask", "download": "ask"},
		ModePlan:        {"read-in": "allow", "read-out": "ask", "write-in": "deny", "write-out": "deny", "execute": "deny", "network": "ask", "download": "deny"},
		ModeYolo:        {"read-in": "allow", "read-out": "allow", "write-in": "allow", "write-out": "allow", "execute": "allow", "network": "allow", "download": "allow"},
	}
	for mode, byAction := range want {
		s := newService(t, Config{Rules: Rules{Mode: mode}, NonInteractive: true})
		for name, req := range reqs {
			req.SessionID = "s1"
			if got := outcome(t, s, req); got != byAction[name] {
				t.Errorf("mode %s, %s: got %s, want %s", mode, name, got, byAction[name])
			}
		}
	}
}

func TestPlanModeReasonNamesPlanMode(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{Rules: Rules{Mode: ModePlan}})
	err := s.Ask(t.Context(), Request{ToolName: "bash", Action: ActionExecute, Command: "make"})
	var d *DeniedError
	if !errors.As(err, &d) || !strings.Contains(d.Reason, "plan mode") || !errors.Is(err, ErrDenied) {
		t.Fatalf("Ask = %v, want a plan-mode denial", err)
	}
}

func TestRules(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{
		Rules: Rules{
			Allow: []string{"bash(go test*)", "edit(src/**)", "mcp_fs_*", "fetch", "bash(rm -rf build)"},
			Deny:  []string{"bash(rm*)", "bash(git push*)", "edit(src/secret/**)"},
		},
		NonInteractive: true,
	})
	cases := []struct {
		req  Request
		want string
	}{
		{Request{ToolName: "bash", Command: "go test ./..."}, "allow"},
		{Request{ToolName: "bash", Command: "go test ./... 2>&1 | tail -5"}, "allow"},
		{Request{ToolName: "bash", Command: "timeout 60 go test ./x"}, "allow"},
		{Request{ToolName: "bash", Command: "go test ./... && make"}, "ask"},
		{Request{ToolName: "bash", Command: "go test ./... > out.txt"}, "ask"},
		{Request{ToolName: "bash", Command: "go test $(make x)"}, "ask"},
		{Request{ToolName: "bash", Command: "go build"}, "ask"},
		{Request{ToolName: "bash", Command: "ls && rm x"}, "deny"},
		{Request{ToolName: "bash", Command: "env rm x"}, "deny"},
		{Request{ToolName: "bash", Command: "bash -c 'rm -rf build'"}, "deny"},
		{Request{ToolName: "bash", Command: "git push --force"}, "deny"},
		{Request{ToolName: "bash", Command: "'unparsable"}, "ask"},
		{Request{ToolName: "edit", Action: ActionWrite, Path: "/proj/src/a/b.go"}, "allow"},
		{Request{ToolName: "write", Action: ActionWrite, Path: "/proj/src/new.go"}, "allow"},
		{Request{ToolName: "multiedit", Action: ActionWrite, Path: "/proj/src/secret/k.go"}, "deny"},
		{Request{ToolName: "edit", Action: ActionWrite, Path: "/proj/other.go"}, "ask"},
		{Request{ToolName: "edit", Action: ActionWrite, Path: "/proj/srcx/a.go"}, "ask"},
		{Request{ToolName: "edit", Action: ActionWrite, Path: "/src/a.go", OutsideProject: true}, "ask"},
		{Request{ToolName: "mcp_fs_read", Action: ActionExecute}, "allow"},
		{Request{ToolName: "mcp_git_log", Action: ActionExecute}, "ask"},
		{Request{ToolName: "fetch", Action: ActionNetwork}, "allow"},
		{Request{ToolName: "download", Action: ActionNetwork}, "ask"},
	}
	for _, tc := range cases {
		tc.req.SessionID = "s"
		if tc.req.Action == "" {
			tc.req.Action = ActionExecute
		}
		if got := outcome(t, s, tc.req); got != tc.want {
			t.Errorf("%s %q%s: got %s, want %s", tc.req.ToolName, tc.req.Command, tc.req.Path, got, tc.want)
		}
	}
}

func TestDenyRuleBeatsYolo(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{Rules: Rules{Mode: ModeYolo, Deny: []string{"bash(git push*)"}}})
	err := s.Ask(t.Context(), Request{ToolName: "bash", Action: ActionExecute, Command: "git add . && git push"})
	var d *DeniedError
	if !errors.As(err, &d) || !strings.Contains(d.Reason, "bash(git push*)") {
		t.Fatalf("Ask = %v, want denied by rule bash(git push*)", err)
	}
}

func TestParseRuleErrors(t *testing.T) {
	t.Parallel()
	for _, rule := range []string{"", "bash(", "bash()", "(x)", "ba sh", "edit([)", "bash(x", "fetch[)"} {
		_, err := ParseRule(rule)
		if !errors.Is(err, ErrInvalidRule) || !strings.Contains(err.Error(), `"`+rule+`"`) {
			t.Errorf("ParseRule(%q) = %v, want ErrInvalidRule quoting the rule", rule, err)
		}
	}
	_, err := NewService(Config{Rules: Rules{Deny: []string{"bash(ls)", "bash("}}})
	if err == nil || !strings.Contains(err.Error(), "permissions.deny[1]") {
		t.Errorf("NewService error = %v, want it to name permissions.deny[1]", err)
	}
	if _, err := NewService(Config{Rules: Rules{Mode: "sloppy"}}); !errors.Is(err, ErrInvalidMode) {
		t.Errorf("NewService with bad mode = %v", err)
	}
}

func TestNonInteractiveDenialTellsHowToAllow(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{NonInteractive: true})
	decisions := s.SubscribeDecisions(t.Context())
	err := s.Ask(t.Context(), Request{SessionID: "s", ToolName: "bash", Action: ActionExecute, Command: "go test ./..."})
	var d *DeniedError
	if !errors.As(err, &d) || !strings.Contains(d.Reason, `"bash(go test*)"`) || !strings.Contains(d.Reason, "--yolo") {
		t.Fatalf("Ask = %v, want a reason suggesting bash(go test*) and --yolo", err)
	}
	ev := <-decisions
	if ev.Payload.By != ByNonInteractive || ev.Payload.Answer != Deny || ev.Payload.Request.Command != "go test ./..." {
		t.Errorf("decision = %+v", ev.Payload)
	}
	err = s.Ask(t.Context(), Request{SessionID: "s", ToolName: "edit", Action: ActionWrite, Path: "/proj/a/b.go"})
	if !errors.As(err, &d) || !strings.Contains(d.Reason, `"edit(a/b.go)"`) {
		t.Fatalf("Ask = %v, want a reason suggesting edit(a/b.go)", err)
	}
}

func TestNoFrontEndDenies(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	err := s.Ask(t.Context(), Request{SessionID: "s", ToolName: "bash", Action: ActionExecute, Command: "make"})
	var d *DeniedError
	if !errors.As(err, &d) || d.Reason != noFrontEnd {
		t.Fatalf("Ask = %v, want denial with %q", err, noFrontEnd)
	}
}

func TestProjectDirThroughSymlink(t *testing.T) {
	t.Parallel()
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	s := newService(t, Config{ProjectDir: link, Rules: Rules{Allow: []string{"edit(src/**)"}}, NonInteractive: true})
	req := Request{SessionID: "s", ToolName: "edit", Action: ActionWrite, Path: filepath.Join(real, "src", "a.go")}
	if got := outcome(t, s, req); got != "allow" {
		t.Errorf("edit under the real project dir: got %s, want allow", got)
	}
}

func TestDenyReasonAndScope(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{Rules: Rules{Deny: []string{"bash(cat*secret*)"}}})
	if got := s.DenyReason(Request{ToolName: "bash", Command: "ls && cat my.secret"}); !strings.Contains(got, "bash(cat*secret*)") {
		t.Errorf("DenyReason = %q", got)
	}
	if got := s.DenyReason(Request{ToolName: "bash", Command: "ls"}); got != "" {
		t.Errorf("DenyReason(ls) = %q", got)
	}
	req := Request{ToolName: "bash", Command: "go build ./... && ls && npm run lint"}
	if got := s.Scope(req); got != "bash commands starting with `go build`, `npm run lint`" {
		t.Errorf("Scope = %q", got)
	}
	if got := s.Scope(Request{ToolName: "fetch", Action: ActionNetwork}); got != "every fetch call (network)" {
		t.Errorf("Scope = %q", got)
	}
	risky := s.Scope(Request{ToolName: "bash", Command: "go test ./... > out.txt"})
	if !strings.HasPrefix(risky, "bash commands starting with `go test` (without ") || !strings.Contains(risky, "not this line again") {
		t.Errorf("Scope of a line with a risk = %q", risky)
	}
	// A line that asks only for its redirection grants nothing: not offered.
	if got := s.Scope(Request{ToolName: "bash", Command: "cat a.txt > b.txt"}); got != "" {
		t.Errorf("Scope of a line without a command to grant = %q, want empty", got)
	}
}
