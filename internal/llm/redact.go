package llm

import (
	"context"
	"errors"
	"iter"
)

// RedactErrors returns a Provider whose errors — the final one and the
// ones EventRetry reports — have their text passed through redact, so a
// key a provider echoes back ("invalid key sk-…") never reaches a screen,
// a log or the database. An *Error keeps its kind, status and retry-after
// (errors.As still finds it); its Message is redacted and its Err wrapped
// so that printing it is redacted too. nil redact returns p unchanged.
func RedactErrors(p Provider, redact func(string) string) Provider {
	if redact == nil {
		return p
	}
	return ProviderFunc(func(ctx context.Context, req *Request) iter.Seq2[Event, error] {
		return func(yield func(Event, error) bool) {
			for ev, err := range p.Stream(ctx, req) {
				if err != nil {
					yield(ev, redactError(err, redact))
					return
				}
				if ev.Type == EventRetry && ev.Retry != nil {
					r := *ev.Retry
					r.Err = redactError(r.Err, redact)
					ev.Retry = &r
				}
				if !yield(ev, nil) {
					return
				}
			}
		}
	})
}

// redactError returns err with redacted text (see RedactErrors).
func redactError(err error, redact func(string) string) error {
	var e *Error
	if !errors.As(err, &e) {
		return textError(err, redact)
	}
	c := *e
	c.Message = redact(c.Message)
	c.Err = textError(c.Err, redact)
	return &c
}

// textError wraps err so that its text is redacted; Unwrap gives err.
func textError(err error, redact func(string) string) error {
	if err == nil {
		return nil
	}
	text := err.Error()
	if red := redact(text); red != text {
		return &redactedError{text: red, err: err}
	}
	return err
}

type redactedError struct {
	text string
	err  error
}

func (e *redactedError) Error() string { return e.text }
func (e *redactedError) Unwrap() error { return e.err }
