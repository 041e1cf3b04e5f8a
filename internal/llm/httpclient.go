package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// DefaultIdleTimeout is how long a response may stay silent before
// NewHTTPClient's transport gives up on it.
const DefaultIdleTimeout = 5 * time.Minute

// ErrIdleTimeout is wrapped by the error a client made by NewHTTPClient
// returns when no byte arrived within its idle timeout. TransportError
// maps it to KindTimeout.
var ErrIdleTimeout = errors.New("stream idle timeout")

// HTTPOptions configures NewHTTPClient.
type HTTPOptions struct {
	// IdleTimeout bounds the wait for the response headers and for every
	// following byte of the body, measured from the last byte received.
	// Time the caller spends between reads does not count. Zero means
	// DefaultIdleTimeout; negative disables the timeout.
	IdleTimeout time.Duration
	// Transport is the underlying round tripper; nil means a clone of
	// http.DefaultTransport (proxy from the environment, HTTP/2).
	Transport http.RoundTripper
}

// NewHTTPClient returns the *http.Client every adapter uses: no overall
// timeout (streams may legitimately last many minutes), an idle timeout
// that cancels a request whose server went silent, and no logging of any
// kind, so API keys in headers never reach a log.
func NewHTTPClient(opts HTTPOptions) *http.Client {
	base := opts.Transport
	if base == nil {
		base = http.DefaultTransport.(*http.Transport).Clone()
	}
	idle := opts.IdleTimeout
	if idle == 0 {
		idle = DefaultIdleTimeout
	}
	if idle < 0 {
		return &http.Client{Transport: base}
	}
	return &http.Client{Transport: &idleTransport{base: base, idle: idle}}
}

// idleTransport cancels a request when the server stays silent for idle.
type idleTransport struct {
	base http.RoundTripper
	idle time.Duration
}

func (t *idleTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancelCause(req.Context())
	w := &watchdog{cancel: cancel, idle: t.idle}
	w.timer = time.AfterFunc(t.idle, w.fire)
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	w.timer.Stop()
	if err != nil {
		cancel(nil)
		return nil, w.wrap(err)
	}
	resp.Body = &idleBody{rc: resp.Body, w: w}
	return resp, nil
}

// watchdog cancels the request's context when its timer fires.
type watchdog struct {
	cancel context.CancelCauseFunc
	idle   time.Duration
	timer  *time.Timer
	fired  atomic.Bool
}

func (w *watchdog) fire() {
	w.fired.Store(true)
	w.cancel(ErrIdleTimeout)
}

// wrap replaces the cancellation error the transport reports after the
// watchdog fired with one that says what happened.
func (w *watchdog) wrap(err error) error {
	if err == nil || !w.fired.Load() {
		return err
	}
	return fmt.Errorf("no data for %s: %w", w.idle, ErrIdleTimeout)
}

// idleBody arms the watchdog only while a Read is waiting for bytes.
type idleBody struct {
	rc io.ReadCloser
	w  *watchdog
}

func (b *idleBody) Read(p []byte) (int, error) {
	if b.w.fired.Load() {
		return 0, b.w.wrap(context.Canceled)
	}
	b.w.timer.Reset(b.w.idle)
	n, err := b.rc.Read(p)
	b.w.timer.Stop()
	if err == io.EOF {
		return n, err
	}
	return n, b.w.wrap(err)
}

func (b *idleBody) Close() error {
	b.w.timer.Stop()
	err := b.rc.Close()
	b.w.cancel(nil)
	return err
}
