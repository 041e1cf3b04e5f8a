package permission

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/honecode/hone/internal/pubsub"
)

// asked runs Ask in a goroutine and returns its result channel.
func asked(ctx context.Context, s *Service, req Request) <-chan error {
	done := make(chan error, 1)
	go func() { done <- s.Ask(ctx, req) }()
	return done
}

func next[T any](t *testing.T, ch <-chan pubsub.Event[T]) T {
	t.Helper()
	select {
	case ev := <-ch:
		return ev.Payload
	case <-time.After(5 * time.Second):
		t.Fatal("nothing published")
	}
	var zero T
	return zero
}

func result(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatal("Ask did not return")
	}
	return nil
}

// quiet fails if something arrives on ch within a short while.
func quiet[T any](t *testing.T, ch <-chan T, what string) {
	t.Helper()
	select {
	case v := <-ch:
		t.Fatalf("unexpected %s: %+v", what, v)
	case <-time.After(50 * time.Millisecond):
	}
}

func bash(session, cmd string) Request {
	return Request{SessionID: session, ToolName: "bash", Action: ActionExecute, Command: cmd}
}

func TestAllowSessionGrantsCommandPrefix(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	done := asked(t.Context(), s, bash("s1", "go test ./a"))
	req := next(t, reqs)
	if req.ID == "" || req.Command != "go test ./a" {
		t.Fatalf("published request = %+v", req)
	}
	if err := s.Respond(req.ID, AllowSession, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); err != nil {
		t.Fatalf("Ask after AllowSession = %v", err)
	}
	// Covered: same prefix, other arguments, with read-only company.
	for _, cmd := range []string{"go test ./b -run X", "go test ./... | tail -3"} {
		if err := s.Ask(t.Context(), bash("s1", cmd)); err != nil {
			t.Errorf("Ask(%q) = %v, want allowed by the grant", cmd, err)
		}
	}
	// Not covered: other prefix, extra command, redirection, other
	// session, a directory outside the project.
	outside := bash("s1", "go test ./b")
	outside.Path, outside.OutsideProject = "/tmp", true
	for _, r := range []Request{bash("s1", "go build"), bash("s1", "go test ./b && make"),
		bash("s1", "go test > out"), bash("s2", "go test ./b"), bash("s1", "go testify"), outside} {
		done := asked(t.Context(), s, r)
		got := next(t, reqs)
		if got.Command != r.Command {
			t.Fatalf("asked about %q, want %q", got.Command, r.Command)
		}
		if err := s.Respond(got.ID, Deny, "no"); err != nil {
			t.Fatal(err)
		}
		if err := result(t, done); !errors.Is(err, ErrDenied) {
			t.Errorf("Ask(%q) = %v, want denied", r.Command, err)
		}
	}
}

func TestAllowSessionGrantsExactPath(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	edit := func(p string) Request {
		return Request{SessionID: "s", ToolName: "edit", Action: ActionWrite, Path: p}
	}
	done := asked(t.Context(), s, edit("/proj/a.go"))
	first := next(t, reqs)
	if first.SessionScope != "every edit call (write) on /proj/a.go" {
		t.Errorf("published request's SessionScope = %q", first.SessionScope)
	}
	if err := s.Respond(first.ID, AllowSession, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); err != nil {
		t.Fatal(err)
	}
	if err := s.Ask(t.Context(), edit("/proj/a.go")); err != nil {
		t.Errorf("same path after grant = %v", err)
	}
	done = asked(t.Context(), s, edit("/proj/b.go"))
	if got := next(t, reqs); got.Path != "/proj/b.go" {
		t.Fatalf("asked about %q", got.Path)
	} else if err := s.Respond(got.ID, AllowOnce, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, done); err != nil {
		t.Fatal(err)
	}
	if got := s.Scope(edit("/proj/a.go")); got != "every edit call (write) on /proj/a.go" {
		t.Errorf("Scope = %q", got)
	}
}

func TestDenyCarriesFeedback(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	decisions := s.SubscribeDecisions(t.Context())
	done := asked(t.Context(), s, bash("s", "make deploy"))
	req := next(t, reqs)
	if err := s.Respond(req.ID, Deny, "use make check instead"); err != nil {
		t.Fatal(err)
	}
	var d *DeniedError
	if err := result(t, done); !errors.As(err, &d) || d.Feedback != "use make check instead" {
		t.Fatalf("Ask = %v, want denial with feedback", err)
	}
	dec := next(t, decisions)
	if dec.By != ByPerson || dec.Answer != Deny || dec.Request.ID != req.ID || dec.Feedback != "use make check instead" {
		t.Errorf("decision = %+v", dec)
	}
}

func TestFirstAnswerWins(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	done := asked(t.Context(), s, bash("s", "make"))
	req := next(t, reqs)
	if err := s.Respond(req.ID, Deny, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Respond(req.ID, AllowOnce, ""); !errors.Is(err, ErrNotPending) {
		t.Errorf("second Respond = %v, want ErrNotPending", err)
	}
	if err := result(t, done); !errors.Is(err, ErrDenied) {
		t.Errorf("Ask = %v, want the first answer (deny)", err)
	}
	if err := s.Respond("nope", Bogus, ""); !errors.Is(err, ErrInvalidAnswer) {
		t.Errorf("Respond with bad answer = %v", err)
	}
}

// Bogus is not an Answer the service knows.
const Bogus Answer = "maybe"

func TestOneRequestAtATimePerSession(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	first := asked(t.Context(), s, bash("s", "make a"))
	r1 := next(t, reqs)
	second := asked(t.Context(), s, bash("s", "make b"))
	quiet(t, reqs, "second request of the same session while the first is pending")
	other := asked(t.Context(), s, bash("t", "make c"))
	if got := next(t, reqs); got.SessionID != "t" {
		t.Fatalf("another session's request should not wait, got %+v", got)
	}
	if n := len(s.Pending()); n != 2 {
		t.Errorf("Pending = %d requests, want 2", n)
	}
	if err := s.Respond(r1.ID, AllowOnce, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, first); err != nil {
		t.Fatal(err)
	}
	r2 := next(t, reqs)
	if r2.Command != "make b" {
		t.Fatalf("second request = %+v", r2)
	}
	for _, p := range s.Pending() {
		_ = s.Respond(p.ID, Deny, "")
	}
	if err := result(t, second); !errors.Is(err, ErrDenied) {
		t.Error(err)
	}
	if err := result(t, other); !errors.Is(err, ErrDenied) {
		t.Error(err)
	}
}

func TestGrantReleasesWaitingRequest(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	first := asked(t.Context(), s, bash("s", "go test ./a"))
	r1 := next(t, reqs)
	second := asked(t.Context(), s, bash("s", "go test ./b"))
	quiet(t, second, "result before the first answer")
	if err := s.Respond(r1.ID, AllowSession, ""); err != nil {
		t.Fatal(err)
	}
	if err := result(t, first); err != nil {
		t.Fatal(err)
	}
	if err := result(t, second); err != nil {
		t.Errorf("waiting request covered by the new grant = %v", err)
	}
	quiet(t, reqs, "request for a command the grant covers")
}

func TestCancelUnblocks(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{})
	reqs := s.Subscribe(t.Context())
	decisions := s.SubscribeDecisions(t.Context())

	ctx1, cancel1 := context.WithCancel(t.Context())
	pendingAsk := asked(ctx1, s, bash("s", "make a"))
	r1 := next(t, reqs)
	ctx2, cancel2 := context.WithCancel(t.Context())
	waiting := asked(ctx2, s, bash("s", "make b"))
	quiet(t, reqs, "second request")

	cancel2() // waiting for its turn
	if err := result(t, waiting); !errors.Is(err, context.Canceled) {
		t.Errorf("Ask waiting for its turn after cancel = %v", err)
	}
	cancel1() // waiting for an answer
	if err := result(t, pendingAsk); !errors.Is(err, context.Canceled) {
		t.Errorf("pending Ask after cancel = %v", err)
	}
	if dec := next(t, decisions); dec.By != ByCancel || dec.Request.ID != r1.ID {
		t.Errorf("decision = %+v, want the withdrawal of %s", dec, r1.ID)
	}
	if err := s.Respond(r1.ID, AllowOnce, ""); !errors.Is(err, ErrNotPending) {
		t.Errorf("Respond to a withdrawn request = %v", err)
	}
	if len(s.Pending()) != 0 {
		t.Errorf("Pending = %+v after cancel", s.Pending())
	}
}

func TestSetMode(t *testing.T) {
	t.Parallel()
	s := newService(t, Config{NonInteractive: true})
	if s.Mode() != ModeDefault {
		t.Fatalf("Mode = %q", s.Mode())
	}
	if err := s.SetMode(ModeYolo); err != nil {
		t.Fatal(err)
	}
	if err := s.Ask(t.Context(), bash("s", "make")); err != nil {
		t.Errorf("yolo Ask = %v", err)
	}
	if err := s.SetMode("reckless"); !errors.Is(err, ErrInvalidMode) {
		t.Errorf("SetMode(reckless) = %v", err)
	}
}
