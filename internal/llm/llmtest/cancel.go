package llmtest

import (
	"context"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// cancel cancels the context after the first event of a stalled stream:
// iteration must end with a KindCanceled error and the connection close.
func (s suite) cancel(t *testing.T) {
	srv := NewServer(t, s.h.Stall.Stalled())
	p := s.provider(t, srv)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan Result, 1)
	go func() {
		var r Result
		for ev, err := range p.Stream(ctx, SimpleRequest(s.h.Model, "Say hello.")) {
			if err != nil {
				r.Err = err
				continue
			}
			r.Events = append(r.Events, ev)
			cancel()
		}
		done <- r
	}()
	r := waitResult(t, done, "the stream did not end after its context was cancelled")
	if len(r.Events) == 0 {
		t.Fatalf("no event before the stall (err %v): the Stall fixture must yield at least one", r.Err)
	}
	if k := llm.KindOf(r.Err); k != llm.KindCanceled {
		t.Errorf("error %v (kind %q), want kind %q", r.Err, k, llm.KindCanceled)
	}
	if err := Validate(r.Events, false); err != nil {
		t.Errorf("malformed stream: %v", err)
	}
	waitGone(t, srv)
}

// stopRanging breaks out of the loop after the first event: the adapter
// must close the connection.
func (s suite) stopRanging(t *testing.T) {
	srv := NewServer(t, s.h.Stall.Stalled())
	p := s.provider(t, srv)
	done := make(chan Result, 1)
	go func() {
		var r Result
		for ev, err := range p.Stream(t.Context(), SimpleRequest(s.h.Model, "Say hello.")) {
			r.Events, r.Err = append(r.Events, ev), err
			break
		}
		done <- r
	}()
	r := waitResult(t, done, "the stream did not return after the caller stopped ranging")
	if r.Err != nil {
		t.Fatalf("first item is an error: %v", r.Err)
	}
	waitGone(t, srv)
}

// idleTimeout streams the stalled fixture through a client with a short
// idle timeout: the adapter must report KindTimeout.
func (s suite) idleTimeout(t *testing.T) {
	srv := NewServer(t, s.h.Stall.Stalled())
	p := s.providerWith(t, srv, llm.HTTPOptions{IdleTimeout: 300 * time.Millisecond})
	r := s.collect(t, p, SimpleRequest(s.h.Model, "Say hello."))
	if k := llm.KindOf(r.Err); k != llm.KindTimeout {
		t.Errorf("error %v (kind %q), want kind %q", r.Err, k, llm.KindTimeout)
	}
	if err := Validate(r.Events, false); err != nil {
		t.Errorf("malformed stream: %v", err)
	}
}

func waitResult(t *testing.T, done <-chan Result, msg string) Result {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(liveness):
		t.Fatal(msg)
		return Result{}
	}
}

func waitGone(t *testing.T, srv *Server) {
	t.Helper()
	select {
	case <-srv.Disconnected():
	case <-time.After(liveness):
		t.Error("the server never saw the connection close")
	}
}
