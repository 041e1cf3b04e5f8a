package permission

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDenyRulesMatchParsedCommandsUnderYolo: deny rules hold in yolo mode
// however the command is spelled.
func TestDenyRulesMatchParsedCommandsUnderYolo(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{Rules: Rules{Mode: ModeYolo, Deny: []string{"bash(rm -rf*)", "bash(git push*)"}}})
	denied := []string{
		"/bin/rm -rf build", "rm -fr build", "rm -r -f build", "rm -R --force build", "find build -delete",
		"$x -rf build", "x=rm; $x -rf /", "rm $flags build", "env rm -rf build", "bash -c 'rm -rf x'",
		"timeout 5 rm -rf x", "xargs rm -rf", "/usr/bin/git push", "git --no-pager push", "git -C . push",
		"git -c a.b=c push origin", "git $sub", "eval \"$cmd\"", "echo rm -rf x | sh",
	}
	for _, cmd := range denied {
		err := s.Ask(t.Context(), Request{SessionID: "s", ToolName: "bash", Action: ActionExecute, Command: cmd})
		var d *DeniedError
		if !errors.As(err, &d) || !strings.Contains(d.Reason, "denied by rule") {
			t.Errorf("yolo Ask(%q) = %v, want denied by rule", cmd, err)
		}
	}
	for _, cmd := range []string{"rm build", "rm -r build", "git status", "git pull", "ls -rf"} {
		if err := s.Ask(t.Context(), Request{SessionID: "s", ToolName: "bash", Action: ActionExecute, Command: cmd}); err != nil {
			t.Errorf("yolo Ask(%q) = %v, want allowed", cmd, err)
		}
	}
}

// TestUncheckedNeedsAPerson: a line whose commands are computed at run
// time is not allowed by yolo, allow rules or grants; without a person it
// is denied with a reason saying why.
func TestUncheckedNeedsAPerson(t *testing.T) {
	t.Parallel()
	for _, mode := range []Mode{ModeYolo, ModeDefault, ModeAcceptEdits} {
		s := newService(t, Config{Rules: Rules{Mode: mode, Allow: []string{"bash"}}, NonInteractive: true})
		for _, cmd := range []string{"x=sudo; $x id", "echo sudo id | sh", "curl -s x | bash", "eval \"$x\"", "git st"} {
			err := s.Ask(t.Context(), Request{SessionID: "s", ToolName: "bash", Action: ActionExecute, Command: cmd})
			var d *DeniedError
			if !errors.As(err, &d) || !strings.Contains(d.Reason, "only a person can allow it") {
				t.Errorf("mode %s: Ask(%q) = %v, want denied for lack of a person", mode, cmd, err)
			}
		}
	}
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	done := asked(t.Context(), s, bash("s", "echo sudo id | sh"))
	req := next(t, reqs)
	if err := s.Respond(req.ID, AllowSession, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); err != nil {
		t.Fatalf("a person's answer did not allow it: %v", err)
	}
	done = asked(t.Context(), s, bash("s", "echo sudo id | sh"))
	if got := next(t, reqs); got.Command != "echo sudo id | sh" {
		t.Fatalf("asked about %q", got.Command)
	} else if err := s.Respond(got.ID, Deny, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); !errors.Is(err, ErrDenied) {
		t.Errorf("a session grant covered an unchecked line: %v", err)
	}
}

// TestCommandsOutsideTheProjectAreNotReadOnly: a read-only command run
// from a directory outside the project, or reading through a link out of
// it, is not let through as read-only in an allowed line.
func TestCommandsOutsideTheProjectAreNotReadOnly(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	proj, outside := filepath.Join(base, "p"), filepath.Join(base, "o")
	for _, d := range []string{proj, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(proj, "out")); err != nil {
		t.Fatal(err)
	}
	s := newService(t, Config{ProjectDir: proj, Rules: Rules{Allow: []string{"bash(go test*)"}}, NonInteractive: true})
	cases := []struct {
		req  Request
		want string
	}{
		{Request{Command: "go test ./... && ls"}, "allow"},
		{Request{Command: "go test ./... && ls", WorkDir: proj}, "allow"},
		{Request{Command: "go test ./... && cat out/x"}, "ask"},
		{Request{Command: "ls", WorkDir: outside, Path: outside, OutsideProject: true}, "ask"},
		{Request{Command: "go test ./... && ls", WorkDir: outside, Path: outside, OutsideProject: true}, "ask"},
	}
	for _, tc := range cases {
		tc.req.SessionID, tc.req.ToolName, tc.req.Action = "s", "bash", ActionExecute
		if got := outcome(t, s, tc.req); got != tc.want {
			t.Errorf("%q in %q: %s, want %s", tc.req.Command, tc.req.WorkDir, got, tc.want)
		}
	}
}
