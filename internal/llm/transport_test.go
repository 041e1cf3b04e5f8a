package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"syscall"
	"testing"
)

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

var _ net.Error = timeoutErr{}

func TestTransportError(t *testing.T) {
	t.Parallel()
	live := t.Context()
	canceled, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want ErrorKind
	}{
		{"ctx canceled wins", canceled, errors.New("read: connection reset"), KindCanceled},
		{"idle", live, fmt.Errorf("read body: %w", ErrIdleTimeout), KindTimeout},
		{"deadline", live, context.DeadlineExceeded, KindTimeout},
		{"net timeout", live, &net.OpError{Op: "read", Err: timeoutErr{}}, KindTimeout},
		{"refused", live, &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, KindServer},
		{"reset", live, fmt.Errorf("x: %w", syscall.ECONNRESET), KindServer},
		{"unexpected eof", live, io.ErrUnexpectedEOF, KindServer},
		{"other", live, errors.New("tls: bad certificate"), KindUnknown},
	}
	for _, tt := range tests {
		e := TransportError(tt.ctx, tt.err)
		if e.Kind != tt.want || !errors.Is(e, tt.err) {
			t.Errorf("%s: kind %q, want %q (%v)", tt.name, e.Kind, tt.want, e)
		}
	}
	if TransportError(live, nil) != nil {
		t.Error("nil error classified")
	}
	orig := &Error{Kind: KindAuth}
	if TransportError(live, fmt.Errorf("wrap: %w", orig)) != orig {
		t.Error("an *Error is not returned unchanged")
	}
}

func TestContextError(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if e := ContextError(ctx); e.Kind != KindCanceled || !errors.Is(e, context.Canceled) {
		t.Errorf("canceled: %v", e)
	}
	dctx, dcancel := context.WithTimeout(t.Context(), 0)
	defer dcancel()
	<-dctx.Done()
	if e := ContextError(dctx); e.Kind != KindTimeout {
		t.Errorf("deadline: %v", e)
	}
}

func TestTransportErrorRedactsQuery(t *testing.T) {
	t.Parallel()
	err := &url.Error{Op: "Post", URL: "https://x.test/v1/models:stream?key=SECRET", Err: errors.New("malformed HTTP response")}
	e := TransportError(t.Context(), err)
	if strings.Contains(e.Error(), "SECRET") || !strings.Contains(e.Error(), "x.test/v1/models:stream") {
		t.Errorf("message %q", e.Error())
	}
	err.Err = syscall.ECONNREFUSED
	if got := TransportError(t.Context(), err).Error(); got != "connection refused at x.test" {
		t.Errorf("refused: %q", got)
	}
}
