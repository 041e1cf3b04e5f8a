package llmtest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// errorCases runs every error case and checks RequiredErrorKinds are
// covered.
func (s suite) errorCases(t *testing.T) {
	for _, want := range RequiredErrorKinds() {
		if !slices.ContainsFunc(s.h.Errors, func(c ErrorCase) bool { return c.Kind == want }) {
			t.Errorf("Harness.Errors has no case of kind %q", want)
		}
	}
	for _, c := range s.h.Errors {
		name := c.Name
		if name == "" {
			name = string(c.Kind)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s.errorCase(t, c)
		})
	}
}

func (s suite) errorCase(t *testing.T, c ErrorCase) {
	srv := NewServer(t, c.Response)
	r := s.collect(t, s.provider(t, srv), SimpleRequest(s.h.Model, "Say hello."))
	var e *llm.Error
	if !errors.As(r.Err, &e) {
		t.Fatalf("error %v (%T), want an *llm.Error", r.Err, r.Err)
	}
	if e.Kind != c.Kind {
		t.Errorf("kind %q, want %q (error: %v)", e.Kind, c.Kind, e)
	}
	if st := c.Response.status(); st != 200 && e.Status != st {
		t.Errorf("status %d, want %d", e.Status, st)
	}
	if e.Provider == "" {
		t.Error("Error.Provider is empty")
	}
	if c.Response.Header != nil {
		if want := llm.ParseRetryAfter(c.Response.Header); want > 0 && !near(e.RetryAfter, want) {
			t.Errorf("RetryAfter %s, want %s", e.RetryAfter, want)
		}
	}
	if err := Validate(r.Events, false); err != nil {
		t.Errorf("malformed stream: %v", err)
	}
}

// near allows for the clock moving between the server's retry-after date
// and the check.
func near(got, want time.Duration) bool {
	d := got - want
	return d > -2*time.Second && d < 2*time.Second
}
