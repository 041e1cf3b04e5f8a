package permission

import (
	"errors"
	"strings"
	"testing"
)

func sandboxed(t *testing.T, cfg Config) *Service {
	t.Helper()
	cfg.Sandbox = func() SandboxSupport { return FullSandbox }
	return newService(t, cfg)
}

func TestConfineByDecision(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s := sandboxed(t, Config{NonInteractive: true, Rules: Rules{
		Allow:   []string{"bash(go test*)"},
		Network: []string{"bash(go mod download*)"},
		Deny:    []string{"bash(rm -rf*)"},
	}})
	for _, tc := range []struct {
		cmd      string
		readOnly bool
		want     Confinement
	}{
		{"cat a.go", true, ConfineReadOnly},
		{"go test ./...", false, ConfineWorkspace},
		{"go mod download && ls", false, ConfineWorkspaceNetwork},
		{"go mod download && go test ./...", false, ConfineWorkspace}, // go test has no network rule
		{"go mod download > log.txt", false, ConfineWorkspace},        // a risk: only the auto mode runs it
	} {
		got, err := s.Confine(ctx, bash("s", tc.cmd), tc.readOnly)
		if tc.cmd == "go mod download > log.txt" {
			if err == nil {
				t.Errorf("%s: allowed non-interactively", tc.cmd)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Confine(%q) = %q, %v; want %q", tc.cmd, got, err, tc.want)
		}
	}
	if _, err := s.Confine(ctx, bash("s", "rm -rf x"), false); !errors.Is(err, ErrDenied) {
		t.Errorf("deny rule: %v", err)
	}
	if _, err := s.Confine(ctx, bash("s", "make"), false); !errors.Is(err, ErrDenied) {
		t.Errorf("unmatched command without a person: %v", err)
	}
}

func TestConfineModes(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s := sandboxed(t, Config{NonInteractive: true, Rules: Rules{Mode: ModeAuto, Deny: []string{"bash(git push*)"}}})
	if got, err := s.Confine(ctx, bash("s", "make build > out.txt"), false); err != nil || got != ConfineWorkspace {
		t.Errorf("auto mode: %q, %v", got, err)
	}
	if _, err := s.Confine(ctx, bash("s", "git push"), false); !errors.Is(err, ErrDenied) {
		t.Errorf("auto mode ignores deny rules: %v", err)
	}
	outside := bash("s", "make")
	outside.Path, outside.OutsideProject = "/elsewhere", true
	if _, err := s.Confine(ctx, outside, false); !errors.Is(err, ErrDenied) {
		t.Errorf("auto mode runs commands outside the project without asking: %v", err)
	}
	blocked := bash("s", "make")
	blocked.SandboxBlocked = "mkdir: Permission denied"
	var d *DeniedError
	if _, err := s.Confine(ctx, blocked, false); !errors.As(err, &d) || !strings.Contains(d.Reason, "sandbox blocked") {
		t.Errorf("running unsandboxed without a person: %v", err)
	}
	if err := s.SetMode(ModeYolo); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{true, false} {
		if got, err := s.Confine(ctx, bash("s", "make"), ro); err != nil || got != Unconfined {
			t.Errorf("yolo: %q, %v", got, err)
		}
	}
	// Auto mode without a complete sandbox asks like accept-edits.
	partial := newService(t, Config{NonInteractive: true, Sandbox: func() SandboxSupport { return PartialSandbox }, Rules: Rules{Mode: ModeAuto}})
	if _, err := partial.Confine(ctx, bash("s", "make"), false); !errors.Is(err, ErrDenied) {
		t.Errorf("auto mode with a partial sandbox: %v", err)
	}
	// Without any sandbox, read-only lines run unconfined, as before.
	none := newService(t, Config{NonInteractive: true})
	if got, err := none.Confine(ctx, bash("s", "ls"), true); err != nil || got != Unconfined {
		t.Errorf("no sandbox: %q, %v", got, err)
	}
}

// A person who allows a command the sandbox blocked runs it unconfined
// now; for the rest of the session its prefix runs sandboxed with network.
func TestSandboxBlockedGrantCoversNetwork(t *testing.T) {
	t.Parallel()
	s := sandboxed(t, Config{})
	reqs := s.Subscribe(t.Context())
	blocked := bash("s", "npm install")
	blocked.SandboxBlocked = "getaddrinfo EAI_AGAIN registry.npmjs.org"
	done := make(chan Confinement, 1)
	go func() {
		c, _ := s.Confine(t.Context(), blocked, false)
		done <- c
	}()
	req := next(t, reqs)
	if req.SandboxBlocked == "" || !strings.Contains(s.Scope(req), "with network") {
		t.Fatalf("request %+v, scope %q", req, s.Scope(req))
	}
	if err := s.Respond(req.ID, AllowSession, ""); err != nil {
		t.Fatal(err)
	}
	if got := <-done; got != Unconfined {
		t.Errorf("allowed escalation runs %q", got)
	}
	if got, err := s.Confine(t.Context(), bash("s", "npm install left-pad"), false); err != nil || got != ConfineWorkspaceNetwork {
		t.Errorf("later command: %q, %v", got, err)
	}
}

func TestModeAutoOrder(t *testing.T) {
	t.Parallel()
	if m, err := ParseMode("auto"); err != nil || m != ModeAuto {
		t.Fatalf("ParseMode(auto) = %q, %v", m, err)
	}
	if got, _ := MergeLayers(Rules{Mode: ModeYolo}, Rules{Mode: ModeAuto}); got.Mode != ModeAuto {
		t.Errorf("project auto under global yolo = %q", got.Mode)
	}
	if got, _ := MergeLayers(Rules{Mode: ModeAcceptEdits}, Rules{Mode: ModeAuto}); got.Mode != ModeAcceptEdits {
		t.Errorf("project auto under global accept-edits = %q", got.Mode)
	}
	got, w := MergeLayers(Rules{}, Rules{Network: []string{"bash(curl*)"}})
	if len(got.Network) != 0 || len(w) != 1 {
		t.Errorf("project network rules: %q, warnings %q", got.Network, w)
	}
}

func TestSandboxAskedOnceAtFirstCommand(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	calls := 0
	s := newService(t, Config{NonInteractive: true, Sandbox: func() SandboxSupport { calls++; return FullSandbox }})
	if err := s.SetMode(ModeYolo); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Confine(ctx, bash("s", "make"), false); err != nil || calls != 0 {
		t.Fatalf("yolo: %v, sandbox asked %d times; want no question", err, calls)
	}
	if err := s.SetMode(ModeAuto); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if got, err := s.Confine(ctx, bash("s", "make"), false); err != nil || got != ConfineWorkspace {
			t.Fatalf("auto mode with a full sandbox: %q, %v", got, err)
		}
	}
	if calls != 1 {
		t.Fatalf("sandbox asked %d times; want once", calls)
	}
	if got, err := newService(t, Config{NonInteractive: true}).Confine(ctx, bash("s", "ls"), true); err != nil || got != Unconfined {
		t.Fatalf("no Sandbox func: %q, %v; want unconfined (no sandbox)", got, err)
	}
}
