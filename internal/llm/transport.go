package llm

import (
	"context"
	"errors"
	"io"
	"net"
	"syscall"
)

// TransportError classifies a failure that happened before or while a
// response was read — not an HTTP error status, which Classify handles.
// Adapters call it for every error the SDK or the body reader returns
// that is not already an *Error (one that is, is returned unchanged).
//
//   - ctx cancelled (checked first, whatever err says) → KindCanceled;
//   - a *TimeoutError (see NewHTTPClient), ctx deadline, or any net.Error
//     reporting Timeout() → KindTimeout;
//   - connection refused, reset or aborted, broken pipe, or the body
//     ending early (io.ErrUnexpectedEOF) → KindServer: the endpoint is
//     down or dropped us, which a retry and then failover address;
//   - anything else (DNS failure, TLS error, malformed stream) → KindUnknown.
//
// Message is the root cause in one line (see describeTransport); it never
// holds a URL's query string. A nil err gives nil.
func TransportError(ctx context.Context, err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: transportKind(ctx, err), Message: describeTransport(err), Err: err, transport: true}
}

func transportKind(ctx context.Context, err error) ErrorKind {
	if errors.Is(ctx.Err(), context.Canceled) {
		return KindCanceled
	}
	if errors.Is(err, ErrIdleTimeout) || errors.Is(err, ErrFirstByteTimeout) || errors.Is(err, context.DeadlineExceeded) {
		return KindTimeout
	}
	if errors.Is(err, context.Canceled) {
		return KindCanceled
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return KindTimeout
	}
	switch {
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, io.ErrUnexpectedEOF):
		return KindServer
	}
	return KindUnknown
}

// ContextError is the *Error a Provider yields when ctx has ended:
// KindCanceled after a cancel, KindTimeout after a deadline. It wraps the
// context's cause.
func ContextError(ctx context.Context) *Error {
	kind := KindCanceled
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		kind = KindTimeout
	}
	err := context.Cause(ctx)
	if err == nil {
		err = context.Canceled
	}
	return &Error{Kind: kind, Err: err, transport: true}
}
