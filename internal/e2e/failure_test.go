package e2e

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// handler answers one main request, given its decoded body.
type handler func(w http.ResponseWriter, body chatBody)

// scriptedHTTP answers the n-th main request (one offering tools) with
// handlers[n]; side requests (titles) get a short streamed text.
func scriptedHTTP(t *testing.T, handlers ...handler) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var mains atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body chatBody
		_ = json.NewDecoder(r.Body).Decode(&body)
		if len(body.Tools) == 0 {
			writeSSE(w, reply{text: "A title"})
			return
		}
		n := int(mains.Add(1)) - 1
		if n >= len(handlers) {
			t.Errorf("main request %d past the %d scripted", n+1, len(handlers))
			http.Error(w, `{"error":{"message":"unscripted"}}`, http.StatusBadRequest)
			return
		}
		handlers[n](w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, &mains
}

func writeSSE(w http.ResponseWriter, rep reply) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, f := range frames(rep) {
		_, _ = w.Write([]byte(f))
	}
}

func jsonError(status int, body string, header ...string) handler {
	return func(w http.ResponseWriter, _ chatBody) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}
}

func answer(text string) handler {
	return func(w http.ResponseWriter, _ chatBody) { writeSSE(w, reply{text: text}) }
}

// TestRunConnectionRefusedSaysSo: a provider nothing listens for fails
// with the cause and the address, in the json result and on stderr,
// after retries that are shown as they happen.
func TestRunConnectionRefusedSaysSo(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	e := newEnv(t)
	e.useServer("http://" + addr)
	r := e.mustRun(4, "run", "--output-format", "json", "hello")
	cause := "connection refused at " + addr + " (provider local)"
	var res struct{ Error string }
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Error != cause {
		t.Errorf("json error %q, want %q (%v)", res.Error, cause, err)
	}
	mustContain(t, "stderr", r.stderr, "! "+cause+", retrying in", "(attempt 2/4)", "(attempt 4/4)", "hone: "+cause+"\n")
	if n := strings.Count(r.stderr, "hone: "); n != 1 {
		t.Errorf("the final error is printed %d times:\n%s", n, r.stderr)
	}
}

// TestRunRateLimitShowsRetryThenAnswers: a 429 with retry-after is
// retried, the wait shown on stderr, and the answer follows.
func TestRunRateLimitShowsRetryThenAnswers(t *testing.T) {
	t.Parallel()
	srv, mains := scriptedHTTP(t,
		jsonError(429, `{"error":{"message":"slow down","type":"rate_limit_error"}}`, "Retry-After", "1"),
		answer("Here you go."))
	e := newEnv(t)
	e.useServer(srv.URL)
	r := e.mustRun(0, "run", "hello")
	mustContain(t, "stderr", r.stderr, "! 429 rate limited for provider local: slow down, retrying in 1 s (attempt 2/4)\n")
	if r.stdout != "Here you go.\n" || mains.Load() != 2 {
		t.Errorf("stdout %q after %d main requests", r.stdout, mains.Load())
	}
}

// TestRunAuthErrorRedactsEchoedKeyAndKeepsPrompts: a gateway's 401 with a
// server_error body is auth (exit 3, no retry); the key it echoes appears
// neither on screen nor in the log; and the failed prompt and the next one
// reach the model intact and apart.
func TestRunAuthErrorRedactsEchoedKeyAndKeepsPrompts(t *testing.T) {
	t.Parallel()
	const key = "sk-e2e-0123456789abcdef"
	second := make(chan chatBody, 1)
	srv, mains := scriptedHTTP(t,
		jsonError(401, `{"error":{"message":"Incorrect API key provided: `+key+`","type":"server_error"}}`),
		func(w http.ResponseWriter, body chatBody) { second <- body; writeSSE(w, reply{text: "ok"}) })
	e := newEnv(t)
	cfg := serverConfig(srv.URL)
	cfg["providers"].(map[string]any)["local"].(map[string]any)["api_key"] = key
	e.useConfig(cfg)
	r := e.mustRun(3, "run", "first prompt")
	want := "401 invalid API key for provider local: Incorrect API key provided: [redacted]"
	mustContain(t, "stderr", r.stderr, "hone: "+want+"\n")
	if mains.Load() != 1 {
		t.Errorf("%d main requests: an auth failure must not be retried", mains.Load())
	}
	log, _ := os.ReadFile(filepath.Join(e.data, "logs", "hone.log"))
	if strings.Contains(r.stderr+r.stdout+string(log), key) {
		t.Errorf("the key leaked:\nstderr %s\nlog %s", r.stderr, log)
	}
	if !strings.Contains(string(log), "[redacted]") {
		t.Errorf("the failure is not in the log:\n%s", log)
	}
	e.mustRun(0, "run", "-C", "second prompt")
	var users []string
	for _, m := range (<-second).Messages {
		if m.Role == "user" {
			users = append(users, m.Texts()...)
		}
	}
	if len(users) != 1 || users[0] != "first prompt\n\nsecond prompt" {
		t.Errorf("user content %q: want both prompts intact, a blank line apart", users)
	}
}

// TestRunDeadProviderFailsFast: a server that accepts the request and
// never answers fails after first_byte_timeout, not retried, saying so.
func TestRunDeadProviderFailsFast(t *testing.T) {
	t.Parallel()
	done := make(chan struct{})
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) })
	e := newEnv(t)
	cfg := serverConfig(srv.URL)
	cfg["options"] = map[string]any{"first_byte_timeout": 1, "disable_titles": true}
	e.useConfig(cfg)
	start := time.Now()
	r := e.mustRun(4, "run", "hello")
	mustContain(t, "stderr", r.stderr, "hone: no response from provider local within 1 s\n")
	if calls.Load() != 1 || strings.Contains(r.stderr, "retrying") {
		t.Errorf("%d requests, stderr %q: a silent server must not be asked again", calls.Load(), r.stderr)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("took %s", d)
	}
}
