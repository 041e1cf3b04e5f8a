package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// chatServer is a local model provider speaking the OpenAI Chat
// Completions API with server-sent events, as the openai-compat adapter
// expects from a real endpoint. It records every request with its arrival
// time. Requests that offer tools are main requests (agent steps) and are
// answered by the answer function; the others (titles, summaries) get a
// short text.
type chatServer struct {
	t   testing.TB
	srv *httptest.Server
	// answer returns the reply to the n-th main request (0-based).
	answer func(n int, req *chatRequest) reply

	mu       sync.Mutex
	requests []*chatRequest
	mains    int
	// arrived gets a copy of each main request as it arrives; it is
	// buffered and never blocks the server (a full buffer drops).
	arrived chan chatRequest
}

// reply is what the server streams back.
type reply struct {
	text  string
	calls []call
	// chunk splits text into pieces of this many bytes (0: one piece).
	chunk int
	// delay is the pause before every frame.
	delay time.Duration
	// status, when not 0, is an HTTP error status to answer with instead.
	status int
	// burst writes every frame before flushing once (no delay).
	burst bool
}

// call is a tool call in a reply.
type call struct {
	id, name, args string
}

// chatRequest is one request the server received.
type chatRequest struct {
	At   time.Time // arrival
	Done time.Time // when the whole reply was written
	Main bool      // offered tools
	Size int       // bytes of the request body
	Raw  []byte    // the request body
	Body chatBody
	// Header is the request's HTTP header.
	Header http.Header
}

// serveReplies starts a chatServer answering main requests with replies
// in order; a main request past the end fails the test.
func serveReplies(t testing.TB, replies ...reply) *chatServer {
	return newChatServer(t, func(n int, _ *chatRequest) reply {
		if n >= len(replies) {
			t.Errorf("chat server: main request %d past the %d scripted replies", n+1, len(replies))
			return reply{status: http.StatusBadRequest}
		}
		return replies[n]
	})
}

func newChatServer(t testing.TB, answer func(n int, req *chatRequest) reply) *chatServer {
	s := &chatServer{t: t, answer: answer, arrived: make(chan chatRequest, 1024)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.srv.Close)
	return s
}

// URL is the server's root URL.
func (s *chatServer) URL() string { return s.srv.URL }

// Requests returns copies of the requests received so far.
func (s *chatServer) Requests() []chatRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]chatRequest, len(s.requests))
	for i, r := range s.requests {
		out[i] = *r
	}
	return out
}

// MainRequests returns the main requests received so far.
func (s *chatServer) MainRequests() []chatRequest {
	var out []chatRequest
	for _, r := range s.Requests() {
		if r.Main {
			out = append(out, r)
		}
	}
	return out
}

func (s *chatServer) handle(w http.ResponseWriter, r *http.Request) {
	at := time.Now()
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r)
		return
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	req := &chatRequest{At: at, Size: len(data), Raw: data, Header: r.Header.Clone()}
	if err := json.Unmarshal(data, &req.Body); err != nil {
		s.t.Errorf("chat server: request body: %v\n%s", err, data)
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	req.Main = len(req.Body.Tools) > 0
	s.mu.Lock()
	s.requests = append(s.requests, req)
	n := s.mains
	if req.Main {
		s.mains++
	}
	s.mu.Unlock()
	rep := reply{text: "A short title"}
	if req.Main {
		select {
		case s.arrived <- *req:
		default:
		}
		rep = s.answer(n, req)
	}
	s.write(w, r, rep)
	s.mu.Lock()
	req.Done = time.Now()
	s.mu.Unlock()
}

// write streams rep as Chat Completions chunks.
func (s *chatServer) write(w http.ResponseWriter, r *http.Request, rep reply) {
	if rep.status != 0 {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rep.status)
		fmt.Fprintf(w, `{"error":{"message":"scripted error %d","type":"invalid_request_error"}}`, rep.status)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	fl, _ := w.(http.Flusher)
	if rep.burst && fl != nil {
		defer fl.Flush()
	}
	for _, frame := range frames(rep) {
		if rep.delay > 0 {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(rep.delay):
			}
		}
		if _, err := io.WriteString(w, frame); err != nil {
			return
		}
		if fl != nil && !rep.burst {
			fl.Flush()
		}
	}
}

// frames are the SSE frames of rep: role, text deltas, tool calls (a start
// frame with id and name, then the arguments), finish reason, usage, DONE.
func frames(rep reply) []string {
	out := []string{chunkFrame(`{"role":"assistant","content":""}`, "")}
	for _, piece := range pieces(rep.text, rep.chunk) {
		out = append(out, chunkFrame(`{"content":`+quote(piece)+`}`, ""))
	}
	for i, c := range rep.calls {
		idx := strconv.Itoa(i)
		out = append(out,
			chunkFrame(`{"tool_calls":[{"index":`+idx+`,"id":`+quote(c.id)+`,"type":"function","function":{"name":`+quote(c.name)+`,"arguments":""}}]}`, ""),
			chunkFrame(`{"tool_calls":[{"index":`+idx+`,"function":{"arguments":`+quote(c.args)+`}}]}`, ""))
	}
	finish := "stop"
	if len(rep.calls) > 0 {
		finish = "tool_calls"
	}
	out = append(out, chunkFrame(`{}`, finish),
		`data: {"id":"chatcmpl-e2e","object":"chat.completion.chunk","created":1760000000,"model":"m","choices":[],`+
			`"usage":{"prompt_tokens":1200,"completion_tokens":40,"total_tokens":1240}}`+"\n\n",
		"data: [DONE]\n\n")
	return out
}

func chunkFrame(delta, finish string) string {
	f := "null"
	if finish != "" {
		f = quote(finish)
	}
	return `data: {"id":"chatcmpl-e2e","object":"chat.completion.chunk","created":1760000000,"model":"m",` +
		`"choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + f + `}]}` + "\n\n"
}

// pieces cuts s into n-byte pieces (one piece when n is 0).
func pieces(s string, n int) []string {
	if s == "" {
		return nil
	}
	if n <= 0 || n >= len(s) {
		return []string{s}
	}
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
