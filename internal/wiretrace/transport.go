package wiretrace

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/redact"
)

// Transport records every request and response it carries, the
// response body as it streams, then passes them on unchanged.
type Transport struct {
	Base http.RoundTripper
	Rec  *Recorder
	// Kind is KindLLM or KindMCP.
	Kind string
	// Session names the session a request belongs to ("" unattached).
	Session func(ctx context.Context) string
	// OnError, when set, hears about records that could not be written.
	OnError func(error)
}

// RoundTrip records req, passes it to Base and records the answer.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	sid := ""
	if t.Session != nil {
		sid = t.Session(req.Context())
	}
	body, err := requestBody(req)
	if err != nil {
		return nil, err
	}
	t.write(sid, Record{Kind: t.Kind, Dir: DirRequest, Method: req.Method, URL: cleanURL(req.URL),
		Header: headers(req.Header), Body: body})
	res, err := t.Base.RoundTrip(req)
	if err != nil {
		t.write(sid, Record{Kind: t.Kind, Dir: DirError, URL: cleanURL(req.URL), Error: err.Error()})
		return res, err
	}
	t.write(sid, Record{Kind: t.Kind, Dir: DirResponse, URL: cleanURL(req.URL), Status: res.StatusCode,
		Header: headers(res.Header)})
	if res.Body != nil {
		res.Body = &tracedBody{rc: res.Body, emit: func(s string) {
			t.write(sid, Record{Kind: t.Kind, Dir: DirChunk, Body: s})
		}}
	}
	return res, nil
}

func (t *Transport) write(sid string, rec Record) {
	if err := t.Rec.Write(sid, rec); err != nil && t.OnError != nil {
		t.OnError(err)
	}
}

// requestBody reads req's body and gives req a fresh copy.
func requestBody(req *http.Request) (string, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return "", nil
	}
	if req.GetBody != nil {
		rc, err := req.GetBody()
		if err != nil {
			return "", err
		}
		defer rc.Close()
		data, err := io.ReadAll(rc)
		return string(data), err
	}
	data, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return "", err
	}
	req.Body = io.NopCloser(bytes.NewReader(data))
	return string(data), nil
}

// tracedBody emits what is read from a response body, in pieces that end
// at a line end (the rest when the body ends), so that no value is cut
// between two records.
type tracedBody struct {
	rc   io.ReadCloser
	emit func(string)
	mu   sync.Mutex
	buf  []byte
	done bool
}

func (b *tracedBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p[:n]...)
	if i := bytes.LastIndexByte(b.buf, '\n'); i >= 0 {
		b.emit(string(b.buf[:i+1]))
		b.buf = append(b.buf[:0], b.buf[i+1:]...)
	}
	if err != nil {
		b.flush()
	}
	return n, err
}

func (b *tracedBody) Close() error {
	b.mu.Lock()
	b.flush()
	b.mu.Unlock()
	return b.rc.Close()
}

func (b *tracedBody) flush() {
	if len(b.buf) > 0 && !b.done {
		b.emit(string(b.buf))
	}
	b.buf, b.done = nil, true
}

// keptHeader reports whether a trace shows the value of header name;
// every other value (keys, tokens, cookies, anything unknown) is
// replaced: an allowlist.
func keptHeader(name string) bool {
	switch strings.ToLower(name) {
	case "content-type", "content-length", "content-encoding", "transfer-encoding", "accept",
		"accept-encoding", "user-agent", "anthropic-version", "anthropic-beta", "openai-beta",
		"openai-version", "openai-processing-ms", "x-request-id", "request-id", "retry-after",
		"retry-after-ms", "date", "cache-control", "mcp-protocol-version", "last-event-id":
		return true
	}
	lower := strings.ToLower(name)
	for _, p := range []string{"x-ratelimit-", "anthropic-ratelimit-", "x-stainless-"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}

// headers flattens h, replacing the values of headers not kept.
func headers(h http.Header) map[string]string {
	if len(h) == 0 {
		return nil
	}
	out := make(map[string]string, len(h))
	for k, v := range h {
		val := strings.Join(v, ", ")
		if !keptHeader(k) {
			val = redact.Marker
		}
		out[k] = val
	}
	return out
}

// keptQuery are the query parameters whose values a trace shows.
func keptQuery(name string) bool {
	switch name {
	case "alt", "api-version", "beta":
		return true
	}
	return false
}

// cleanURL is u without user info and with the values of unknown query
// parameters replaced (Gemini takes ?key=).
func cleanURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	c.User = nil
	if c.RawQuery != "" {
		q := c.Query()
		for k := range q {
			if !keptQuery(k) {
				q[k] = []string{redact.Marker}
			}
		}
		c.RawQuery = q.Encode()
	}
	return c.String()
}
