package e2e

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// geminiSrv is a Gemini API test server.
type geminiSrv struct {
	*httptest.Server
	calls atomic.Int32
	// arrived gets the arrival time of each streamGenerateContent call
	// (dropped when full).
	arrived chan time.Time
}

// geminiServer answers streamGenerateContent with text in the Gemini
// API's event stream, or, when stall is set, sends the headers and then
// nothing.
func geminiServer(t testing.TB, text string, stall bool) *geminiSrv {
	g := &geminiSrv{arrived: make(chan time.Time, 64)}
	done := make(chan struct{})
	g.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		_, _ = io.Copy(io.Discard, r.Body)
		if !strings.Contains(r.URL.Path, ":streamGenerateContent") || r.Header.Get("X-Goog-Api-Key") != "test-key" {
			http.Error(w, `{"error":{"code":404,"message":"not here","status":"NOT_FOUND"}}`, http.StatusNotFound)
			return
		}
		g.calls.Add(1)
		select {
		case g.arrived <- at:
		default:
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		if stall {
			select {
			case <-done:
			case <-r.Context().Done():
			}
			return
		}
		for i, part := range strings.SplitAfter(text, " ") {
			finish := ""
			if i == len(strings.SplitAfter(text, " "))-1 {
				finish = `,"finishReason":"STOP"`
			}
			fmt.Fprintf(w, "data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":%q}]}%s}],"+
				"\"usageMetadata\":{\"promptTokenCount\":12,\"candidatesTokenCount\":%d,\"totalTokenCount\":%d}}\r\n\r\n", part, finish, i+1, 13+i)
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(func() { close(done); g.Close() })
	return g
}

// useGemini configures a Gemini API provider at baseURL as the only one.
func (e *env) useGemini(baseURL string) {
	e.useConfig(map[string]any{
		"providers": map[string]any{"gem": map[string]any{
			"type": "gemini", "base_url": baseURL, "api_key": "test-key",
			"models": []any{map[string]any{"id": "gemini-2.5-flash", "context_window": 1000000, "max_tokens": 8192}},
		}},
		"models":  map[string]any{"large": []string{"gem/gemini-2.5-flash"}, "small": []string{"gem/gemini-2.5-flash"}},
		"options": map[string]any{"disable_titles": true},
	})
}

// TestRunWithGemini: hone, which does not link genai, runs a Gemini turn
// through hone-gemini, whose requests hone itself makes.
func TestRunWithGemini(t *testing.T) {
	t.Parallel()
	runGemini(t, newEnv(t), "Hello from Gemini.")
}

// TestRunWithGeminiThroughHoneFull: without hone-gemini, hone-full next
// to hone serves the Gemini calls (`hone-full __provider`).
func TestRunWithGeminiThroughHoneFull(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.bin = honeAlone(t)
	full := filepath.Join(filepath.Dir(honeBin), "hone-full")
	if err := os.Symlink(full, filepath.Join(filepath.Dir(e.bin), "hone-full")); err != nil {
		t.Fatal(err)
	}
	runGemini(t, e, "Served by hone-full.")
}

// runGemini runs one turn of e against a Gemini server answering answer,
// and checks that the answer is printed after one call.
func runGemini(t *testing.T, e *env, answer string) {
	t.Helper()
	srv := geminiServer(t, answer, false)
	e.useGemini(srv.URL)
	r := e.mustRun(0, "run", "hello")
	if !strings.Contains(r.stdout, answer) || srv.calls.Load() != 1 {
		t.Fatalf("want the answer on stdout after one call (got %d):\n%s", srv.calls.Load(), r)
	}
}

// TestRunWithGeminiWithoutHelper: without hone-gemini and hone-full next
// to hone, a Gemini run fails and says what to install.
func TestRunWithGeminiWithoutHelper(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.bin = honeAlone(t)
	srv := geminiServer(t, "unused", false)
	e.useGemini(srv.URL)
	r := e.hone("run", "hello")
	if r.code == 0 || !strings.Contains(r.stderr, "hone-gemini") || !strings.Contains(r.stderr, "task build") || srv.calls.Load() != 0 {
		t.Fatalf("want a failure naming hone-gemini and how to build it, and no call:\n%s", r)
	}
}

// kill -9 while hone-gemini serves a call: the helper dies with hone.
func TestKillNineLeavesNoGeminiHelper(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := geminiServer(t, "", true)
	e.useGemini(srv.URL)
	p := e.start(nil, "run", "hello")
	killAndCheck(t, p, func(cmds []string) bool { return anyHas(cmds, "hone-gemini __provider") })
}
