package llm

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"
)

// Default time limits of NewHTTPClient.
const (
	// DefaultFirstByteTimeout is how long a provider may take to send the
	// first byte of its response body after the request was sent.
	DefaultFirstByteTimeout = 60 * time.Second
	// DefaultIdleTimeout is how long a response may stay silent between
	// two reads once it started.
	DefaultIdleTimeout = 5 * time.Minute
)

// HTTPOptions configures NewHTTPClient.
type HTTPOptions struct {
	// FirstByteTimeout bounds the wait from sending the request to the
	// first byte of the response body (headers alone do not count), so a
	// server that accepts the connection and never answers fails in about
	// this time. Zero means DefaultFirstByteTimeout; negative disables it
	// (the idle timeout then covers that wait too).
	FirstByteTimeout time.Duration
	// IdleTimeout bounds every later wait for bytes of the body, measured
	// from the last byte received. Time the caller spends between reads
	// does not count. Zero means DefaultIdleTimeout; negative disables the
	// timeout.
	IdleTimeout time.Duration
	// Transport is the underlying round tripper; nil means a clone of
	// http.DefaultTransport (proxy from the environment, HTTP/2).
	Transport http.RoundTripper
}

// readBufferSize is how much of a response the default transport reads
// per system call (an HTTP/1.1 connection's buffer).
const readBufferSize = 64 << 10

// NewHTTPClient returns the *http.Client every adapter uses: no overall
// timeout (streams may legitimately last many minutes), a first-byte and
// an idle timeout that cancel a request whose server went silent (the
// error wraps a *TimeoutError), and no logging of any kind, so API keys in
// headers never reach a log.
func NewHTTPClient(opts HTTPOptions) *http.Client {
	base := opts.Transport
	if base == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		// A long answer arrives in bursts: read up to readBufferSize per
		// system call instead of net/http's 4 KiB.
		t.ReadBufferSize = readBufferSize
		base = t
	}
	first, idle := orDefault(opts.FirstByteTimeout, DefaultFirstByteTimeout), orDefault(opts.IdleTimeout, DefaultIdleTimeout)
	if first <= 0 && idle <= 0 {
		return &http.Client{Transport: base}
	}
	return &http.Client{Transport: &idleTransport{base: base, first: first, idle: idle}}
}

// orDefault is v, or def when v is zero, or 0 (disabled) when v < 0.
func orDefault(v, def time.Duration) time.Duration {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// idleTransport cancels a request whose server stays silent: longer than
// first before the first body byte, longer than idle afterwards.
type idleTransport struct {
	base        http.RoundTripper
	first, idle time.Duration
}

func (t *idleTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancelCause(req.Context())
	w := &watchdog{cancel: cancel, idle: t.idle}
	if t.first > 0 {
		w.arm(t.first, true)
	} else {
		w.arm(t.idle, false)
	}
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		w.stop()
		cancel(nil)
		return nil, w.wrap(err)
	}
	// The first-byte timer keeps running until the body's first byte.
	resp.Body = &idleBody{rc: resp.Body, w: w}
	return resp, nil
}

// watchdog cancels the request's context when its timer fires.
type watchdog struct {
	cancel context.CancelCauseFunc
	idle   time.Duration

	mu        sync.Mutex
	timer     *time.Timer
	limit     time.Duration // the armed limit
	firstByte bool          // the armed limit is the first-byte one
	fired     *TimeoutError
}

// arm (re)starts the timer with limit d; d <= 0 only stops it.
func (w *watchdog) arm(d time.Duration, firstByte bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Stop()
	}
	if d <= 0 || w.fired != nil {
		return
	}
	w.limit, w.firstByte = d, firstByte
	if w.timer == nil {
		w.timer = time.AfterFunc(d, w.fire)
		return
	}
	w.timer.Reset(d)
}

func (w *watchdog) stop() {
	w.mu.Lock()
	if w.timer != nil {
		w.timer.Stop()
	}
	w.mu.Unlock()
}

func (w *watchdog) fire() {
	w.mu.Lock()
	w.fired = &TimeoutError{FirstByte: w.firstByte, After: w.limit}
	err := w.fired
	w.mu.Unlock()
	w.cancel(err)
}

// firedErr is the timeout that cancelled the request, or nil.
func (w *watchdog) firedErr() *TimeoutError {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.fired
}

// wrap replaces the cancellation error the transport reports after the
// watchdog fired with the *TimeoutError that says what happened.
func (w *watchdog) wrap(err error) error {
	if err == nil {
		return nil
	}
	if te := w.firedErr(); te != nil {
		return te
	}
	return err
}

// idleBody arms the idle timer only while a Read is waiting for bytes,
// once the first byte has arrived.
type idleBody struct {
	rc      io.ReadCloser
	w       *watchdog
	started bool // a byte has been read
}

func (b *idleBody) Read(p []byte) (int, error) {
	if te := b.w.firedErr(); te != nil {
		return 0, te
	}
	if b.started {
		b.w.arm(b.w.idle, false)
	}
	n, err := b.rc.Read(p)
	if n > 0 {
		b.started = true
	}
	if b.started {
		b.w.stop()
	}
	if err == io.EOF {
		return n, err
	}
	return n, b.w.wrap(err)
}

func (b *idleBody) Close() error {
	b.w.stop()
	err := b.rc.Close()
	b.w.cancel(nil)
	return err
}
