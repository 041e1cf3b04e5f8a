package llm

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrorKind classifies a provider failure; the agent's failover and the
// retry policy decide on it.
type ErrorKind string

// Error kinds.
const (
	KindRateLimit       ErrorKind = "rate_limit"
	KindOverloaded      ErrorKind = "overloaded"
	KindServer          ErrorKind = "server"
	KindTimeout         ErrorKind = "timeout"
	KindAuth            ErrorKind = "auth"
	KindBilling         ErrorKind = "billing"
	KindContextOverflow ErrorKind = "context_overflow"
	KindBadRequest      ErrorKind = "bad_request"
	KindCanceled        ErrorKind = "canceled"
	KindUnknown         ErrorKind = "unknown"
)

// Retryable reports whether a call that failed with this kind may succeed
// when repeated on the same candidate.
func (k ErrorKind) Retryable() bool {
	switch k {
	case KindRateLimit, KindOverloaded, KindServer, KindTimeout, KindUnknown:
		return true
	}
	return false
}

// Error is a classified provider failure.
type Error struct {
	Kind       ErrorKind
	Status     int           // HTTP status, 0 when none
	RetryAfter time.Duration // from retry-after / retry-after-ms, 0 when absent
	Provider   string        // provider name from config, when known
	Message    string        // the provider's message, safe to show
	Err        error         // underlying error

	// transport marks a failure before or while the response was read
	// (TransportError): Message is then the root cause in words.
	transport bool
}

// Error is the failure in one line, root cause first, as a person reads
// it: "401 invalid API key for provider work: …" for an HTTP status,
// "connection refused at 127.0.0.1:1234 (provider work)" for a transport
// failure, "no response from provider work within 60 s" for a silent
// server, "overloaded for provider work: …" for an error inside a stream.
func (e *Error) Error() string {
	var te *TimeoutError
	switch {
	case e.Kind == KindCanceled:
		return "canceled"
	case errors.As(e.Err, &te):
		return te.describe(e.Provider)
	case e.Status != 0:
		return withDetail(fmt.Sprintf("%d %s%s", e.Status, kindPhrase(e.Kind, e.Status), forProvider(e.Provider)), e.detail())
	case e.transport:
		s := e.detail()
		if e.Provider != "" {
			s += " (provider " + e.Provider + ")"
		}
		return s
	}
	return withDetail(kindPhrase(e.Kind, 0)+forProvider(e.Provider), e.detail())
}

// IsTransport reports whether e is a failure before or while the response
// was read (TransportError, ContextError), whose Message is the root cause.
func (e *Error) IsTransport() bool { return e.transport }

// MarkTransport marks e as such a failure and returns it. It is for an
// error rebuilt from another process's report (internal/llm/remote).
func (e *Error) MarkTransport() *Error {
	e.transport = true
	return e
}

// detail is the provider's message, or the underlying error's text.
func (e *Error) detail() string {
	if e.Message != "" {
		return e.Message
	}
	if e.Err != nil {
		return e.Err.Error()
	}
	return ""
}

func withDetail(s, detail string) string {
	if detail == "" {
		return s
	}
	return s + ": " + detail
}

func forProvider(name string) string {
	if name == "" {
		return ""
	}
	return " for provider " + name
}

// kindPhrase names a kind in words; status refines auth.
func kindPhrase(k ErrorKind, status int) string {
	switch k {
	case KindAuth:
		if status == 403 {
			return "access denied"
		}
		return "invalid API key"
	case KindBilling:
		return "billing problem (credit or quota)"
	case KindRateLimit:
		return "rate limited"
	case KindOverloaded:
		return "overloaded"
	case KindServer:
		return "server error"
	case KindTimeout:
		return "timed out"
	case KindContextOverflow:
		return "prompt too long"
	case KindBadRequest:
		return "bad request"
	}
	return "error"
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the kind of err: the Kind of an *Error in its chain, or
// KindUnknown (KindCanceled for context cancellation, KindTimeout for an
// expired deadline).
func KindOf(err error) ErrorKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	if errors.Is(err, context.Canceled) {
		return KindCanceled
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return KindTimeout
	}
	return KindUnknown
}
