package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// forwarder is the helper's http.RoundTripper: it sends each request to
// hone, which makes it, and reads the response hone sends back.
type forwarder struct{ s *server }

func (t *forwarder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		body, err = io.ReadAll(req.Body)
		_ = req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("remote: read request body: %w", err)
		}
	}
	head, err := json.Marshal(httpHead{Method: req.Method, URL: req.URL.String(), Header: req.Header})
	if err != nil {
		return nil, err
	}
	s := t.s
	rid, q := s.openReq()
	ctx := req.Context()
	if err := s.out.send(frameHTTPRequest, callFrom(ctx), rid, lengthPrefixed(head), head, body); err != nil {
		s.closeReq(rid, false)
		return nil, err
	}
	f, err := q.pop(ctx, s.gone)
	if err != nil {
		s.closeReq(rid, true)
		return nil, err
	}
	if f.Type == frameHTTPEnd {
		s.closeReq(rid, false)
		return nil, forwardedError(f.Payload)
	}
	var h httpHead
	if err := json.Unmarshal(f.Payload, &h); err != nil {
		s.closeReq(rid, true)
		return nil, fmt.Errorf("remote: response head: %w", err)
	}
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", h.Status, http.StatusText(h.Status)),
		StatusCode:    h.Status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        h.Header,
		Body:          &forwardedBody{s: s, rid: rid, q: q, ctx: ctx},
		ContentLength: -1,
		Request:       req,
	}, nil
}

func (s *server) openReq() (uint32, *queue) {
	q := newQueue()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextReq++
	s.reqs[s.nextReq] = q
	return s.nextReq, q
}

// closeReq forgets request rid, telling hone to abandon it when it has
// not ended.
func (s *server) closeReq(rid uint32, abandon bool) {
	s.mu.Lock()
	delete(s.reqs, rid)
	s.mu.Unlock()
	if abandon {
		_ = s.out.send(frameHTTPCancel, 0, rid)
	}
}

// forwardedError is the error hone reported for a request: an *llm.Error
// classified against the real error, which hone keeps.
func forwardedError(payload []byte) error {
	var w wireError
	if err := json.Unmarshal(payload, &w); err != nil {
		return fmt.Errorf("remote: request error: %w", err)
	}
	e := w.llmError()
	e.Err = errForwarded
	return e.MarkTransport()
}

// forwardedBody reads a response body in the chunks hone sends.
type forwardedBody struct {
	s     *server
	rid   uint32
	q     *queue
	ctx   context.Context
	buf   []byte
	ended bool
	err   error // io.EOF or why the body ended early
}

func (b *forwardedBody) Read(p []byte) (int, error) {
	for len(b.buf) == 0 {
		if b.err != nil {
			return 0, b.err
		}
		f, err := b.q.pop(b.ctx, b.s.gone)
		if err != nil {
			return 0, err
		}
		switch f.Type {
		case frameHTTPBody:
			b.buf = f.Payload
		case frameHTTPEnd:
			b.ended = true
			b.err = io.EOF
			if len(f.Payload) > 0 {
				b.err = forwardedError(f.Payload)
			}
		}
	}
	n := copy(p, b.buf)
	b.buf = b.buf[n:]
	return n, nil
}

func (b *forwardedBody) Close() error {
	b.s.closeReq(b.rid, !b.ended)
	b.ended, b.err, b.buf = true, errBodyClosed, nil
	return nil
}

// errBodyClosed is what a read of a closed body returns.
var errBodyClosed = errors.New("remote: read on a closed response body")
