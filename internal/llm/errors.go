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
}

// Error says the kind, status, provider and message.
func (e *Error) Error() string {
	s := string(e.Kind)
	if e.Status != 0 {
		s = fmt.Sprintf("%s (%d)", s, e.Status)
	}
	if e.Provider != "" {
		s = e.Provider + ": " + s
	}
	if e.Message != "" {
		s += ": " + e.Message
	} else if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
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
