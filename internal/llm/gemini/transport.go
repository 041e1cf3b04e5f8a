package gemini

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
)

// maxErrorBody bounds how much of an error response is kept.
const maxErrorBody = 1 << 20

// captureKey is the context key of a call's *capture.
type captureKey struct{}

// capture is what the transport saw of one call's HTTP exchange. The SDK
// reduces an error response to a message and drops its headers, and logs
// body read errors; capture keeps both for classification. It is written
// and read on the goroutine that ranges over the SDK's stream.
type capture struct {
	status  int
	header  http.Header
	body    []byte // error responses only
	readErr error  // first non-EOF error reading a successful body
}

func withCapture(ctx context.Context) (context.Context, *capture) {
	c := &capture{}
	return context.WithValue(ctx, captureKey{}, c), c
}

// captureTransport fills the call's capture, if its context has one.
type captureTransport struct {
	base http.RoundTripper
}

func (t captureTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	c, _ := req.Context().Value(captureKey{}).(*capture)
	if err != nil || c == nil {
		return resp, err
	}
	c.status, c.header = resp.StatusCode, resp.Header
	if resp.StatusCode >= http.StatusBadRequest {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		_ = resp.Body.Close()
		c.body = body
		resp.Body = io.NopCloser(bytes.NewReader(body))
		return resp, nil
	}
	resp.Body = &quietBody{rc: resp.Body, c: c}
	return resp, nil
}

// quietBody ends the body at the first read error, keeping the error in
// the capture, so that the SDK stops reading without logging it.
type quietBody struct {
	rc io.ReadCloser
	c  *capture
}

func (b *quietBody) Read(p []byte) (int, error) {
	if b.c.readErr != nil {
		return 0, io.EOF
	}
	n, err := b.rc.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		b.c.readErr = err
		return n, io.EOF
	}
	return n, err
}

func (b *quietBody) Close() error { return b.rc.Close() }

// wrapClient returns a client like hc whose transport captures.
func wrapClient(hc *http.Client) *http.Client {
	base := hc.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	return &http.Client{
		Transport:     captureTransport{base: base},
		CheckRedirect: hc.CheckRedirect,
		Jar:           hc.Jar,
		Timeout:       hc.Timeout,
	}
}
