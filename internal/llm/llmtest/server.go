package llmtest

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Recorded is one request the Server received.
type Recorded struct {
	Method string
	Path   string // path and query, e.g. "/v1/chat/completions"
	Header http.Header
	Body   []byte
}

// Server is an httptest server on 127.0.0.1 that answers the i-th request
// with the i-th Response, records every request, and reports when a
// client goes away from a stalled response. A request beyond the scripted
// ones fails the test (adapters must not retry on their own) and gets a
// 500. It is closed when the test ends.
type Server struct {
	// URL is the server's base URL, "http://127.0.0.1:PORT".
	URL string

	t         testing.TB
	responses []Response
	done      chan struct{}
	gone      chan struct{}
	goneOnce  sync.Once
	mu        sync.Mutex
	requests  []Recorded
}

// NewServer starts a Server answering with responses in order.
func NewServer(t testing.TB, responses ...Response) *Server {
	s := &Server{t: t, responses: responses, done: make(chan struct{}), gone: make(chan struct{})}
	ts := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(s.done) }) // runs first: frees stalled handlers
	s.URL = ts.URL
	return s
}

// Requests returns a copy of the requests received so far, in order.
func (s *Server) Requests() []Recorded {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Recorded(nil), s.requests...)
}

// Disconnected is closed once a client closed the connection of a
// stalled response.
func (s *Server) Disconnected() <-chan struct{} { return s.gone }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.t.Errorf("llmtest server: read request body: %v", err)
	}
	s.mu.Lock()
	i := len(s.requests)
	s.requests = append(s.requests, Recorded{Method: r.Method, Path: r.URL.RequestURI(), Header: r.Header.Clone(), Body: body})
	s.mu.Unlock()
	if i >= len(s.responses) {
		s.t.Errorf("llmtest server: unexpected request %d (%s %s): only %d scripted", i+1, r.Method, r.URL.Path, len(s.responses))
		http.Error(w, `{"error":{"message":"llmtest: unexpected request"}}`, http.StatusInternalServerError)
		return
	}
	s.write(w, r, s.responses[i])
}

// holdTimeout bounds a Response.Hold.
const holdTimeout = 5 * time.Second

func (s *Server) write(w http.ResponseWriter, r *http.Request, resp Response) {
	if resp.Hold != nil {
		select {
		case <-resp.Hold:
		case <-r.Context().Done():
			return
		case <-time.After(holdTimeout):
			http.Error(w, `{"error":{"message":"llmtest: the response's hold was never released"}}`, http.StatusBadRequest)
			return
		}
	}
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	if w.Header().Get("Content-Type") == "" {
		ct := "application/json"
		if resp.status() == http.StatusOK {
			ct = "text/event-stream"
		}
		w.Header().Set("Content-Type", ct)
	}
	w.WriteHeader(resp.status())
	rc := http.NewResponseController(w)
	for _, c := range resp.Chunks {
		if _, err := w.Write(c); err != nil {
			s.hungUp(resp)
			return
		}
		if err := rc.Flush(); err != nil {
			s.hungUp(resp)
			return
		}
	}
	if !resp.Stall {
		return
	}
	select {
	case <-r.Context().Done():
		s.hungUp(resp)
	case <-s.done:
	}
}

// hungUp records that the client closed the connection of a stalled
// response: while the server still wrote its chunks (a client that cuts a
// long answer short) or while it waited.
func (s *Server) hungUp(resp Response) {
	if resp.Stall {
		s.goneOnce.Do(func() { close(s.gone) })
	}
}

// String names the request for test failure messages.
func (r Recorded) String() string {
	return fmt.Sprintf("%s %s (%d bytes)", r.Method, r.Path, len(r.Body))
}
