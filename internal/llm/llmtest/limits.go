package llmtest

import (
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// outputLimit is the limit of the OutputLimit scenario; Harness.LongText
// streams several times as much.
const outputLimit = 16 << 10

// outputLimit streams LongText through llm.LimitOutput and a server that
// keeps the connection open: the response must end at the limit with
// FinishOutputTooLarge and the adapter must hang up.
func (s suite) outputLimit(t *testing.T) {
	long := s.h.LongText
	long.Stall = true
	srv := NewServer(t, long)
	p := llm.LimitOutput(s.provider(t, srv), outputLimit)
	r := s.collect(t, p, SimpleRequest(s.h.Model, "Write a lot."))
	mustFinish(t, r, llm.FinishOutputTooLarge)
	if n := len(r.Text()); n > outputLimit || n < outputLimit-4<<10 {
		t.Errorf("%d bytes of text, want at most %d and close to it", n, outputLimit)
	}
	waitGone(t, srv)
}

// firstByteTimeout points the adapter at a server that answers nothing:
// the call must fail as a timeout that says no response came.
func (s suite) firstByteTimeout(t *testing.T) {
	srv := NewServer(t, Response{Status: http.StatusOK, Stall: true})
	p := s.providerWith(t, srv, llm.HTTPOptions{FirstByteTimeout: 300 * time.Millisecond})
	r := s.collect(t, p, SimpleRequest(s.h.Model, "Say hello."))
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != llm.KindTimeout || !errors.Is(r.Err, llm.ErrFirstByteTimeout) {
		t.Fatalf("error %v, want a timeout wrapping llm.ErrFirstByteTimeout", r.Err)
	}
	if want := "no response from provider " + e.Provider + " within 0.3 s"; e.Provider == "" || r.Err.Error() != want {
		t.Errorf("error text %q, want %q", r.Err.Error(), want)
	}
}

// connectionRefused points the adapter at a port nothing listens on: the
// error must name the cause and the address.
func (s suite) connectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	client := llm.NewHTTPClient(llm.HTTPOptions{})
	r := s.collect(t, s.h.New("http://"+addr, client), SimpleRequest(s.h.Model, "Say hello."))
	var e *llm.Error
	if !errors.As(r.Err, &e) || e.Kind != llm.KindServer || e.Provider == "" {
		t.Fatalf("error %v, want an *llm.Error of kind server with Provider set", r.Err)
	}
	if want := "connection refused at " + addr; !strings.HasPrefix(r.Err.Error(), want) {
		t.Errorf("error text %q, want it to start with %q", r.Err.Error(), want)
	}
}
