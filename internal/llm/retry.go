package llm

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"time"
)

// RetryPolicy configures WithRetry. Zero fields take the documented
// defaults.
type RetryPolicy struct {
	// MaxAttempts counts the first call too; 0 means 4.
	MaxAttempts int
	// BaseDelay is the backoff cap of the first retry, doubled for each
	// further one; 0 means 1s.
	BaseDelay time.Duration
	// MaxDelay caps the backoff; 0 means 30s.
	MaxDelay time.Duration
	// MaxRetryAfter is the longest server-requested wait (retry-after)
	// that is slept; a longer one ends the call with the error at once so
	// the caller can fail over. 0 means 60s.
	MaxRetryAfter time.Duration
	// Rand returns a number in [0,1) for the jitter; nil means
	// math/rand/v2's Float64. Tests inject a fixed value.
	Rand func() float64
	// Sleep waits d or until ctx ends (returning ctx's error); nil means
	// a timer. Tests inject one that records the waits.
	Sleep func(ctx context.Context, d time.Duration) error
}

// WithRetry returns a Provider that repeats calls of p that fail with a
// retryable kind (ErrorKind.Retryable: rate_limit, overloaded, server,
// timeout, unknown); auth, billing, bad_request, context_overflow and
// canceled fail at once, and so does a first-byte timeout
// (ErrFirstByteTimeout): a server that accepted the request and said
// nothing for that long is not asked again, the caller fails over.
//
// Before each wait an EventRetry (Retry set: the failed attempt's error,
// the next attempt's number and the wait) tells the caller what is going
// on, so a person does not stare at a silent screen.
//
// The wait before retry n (n ≥ 1) is full jitter: Rand() × min(MaxDelay,
// BaseDelay × 2^(n-1)), raised to the error's RetryAfter when the server
// gave one. A RetryAfter above MaxRetryAfter is not slept: the error is
// yielded immediately.
//
// Text is never delivered twice: when a failed attempt had already yielded
// events, an EventReset is yielded after the wait and before the retry,
// telling the caller to discard what it received (if ctx ends during the
// wait, the partial events stay and a KindCanceled error follows). When
// all attempts fail, the last error is yielded.
func WithRetry(p Provider, pol RetryPolicy) Provider {
	pol = pol.withDefaults()
	return ProviderFunc(func(ctx context.Context, req *Request) iter.Seq2[Event, error] {
		return func(yield func(Event, error) bool) {
			retryStream(ctx, p, req, pol, yield)
		}
	})
}

func retryStream(ctx context.Context, p Provider, req *Request, pol RetryPolicy, yield func(Event, error) bool) {
	for attempt := 1; ; attempt++ {
		delivered, err, stopped := forward(ctx, p, req, yield)
		if stopped || err == nil {
			return
		}
		wait, ok := pol.wait(attempt, err)
		if !ok || ctx.Err() != nil {
			yield(Event{}, err)
			return
		}
		info := &RetryInfo{Attempt: attempt + 1, MaxAttempts: pol.MaxAttempts, Wait: wait, Err: err}
		if !yield(Event{Type: EventRetry, Retry: info}, nil) {
			return
		}
		if pol.Sleep(ctx, wait) != nil {
			yield(Event{}, ContextError(ctx))
			return
		}
		if delivered && !yield(Event{Type: EventReset}, nil) {
			return
		}
	}
}

// forward runs one attempt, yielding its events. It reports whether any
// event was yielded, the attempt's error, and whether the caller stopped.
func forward(ctx context.Context, p Provider, req *Request, yield func(Event, error) bool) (delivered bool, err error, stopped bool) {
	for ev, e := range p.Stream(ctx, req) {
		if e != nil {
			return delivered, e, false
		}
		delivered = true
		if !yield(ev, nil) {
			return true, nil, true
		}
	}
	return delivered, nil, false
}

// wait returns the delay before retrying after attempt failed with err,
// and false when err must not be retried.
func (pol RetryPolicy) wait(attempt int, err error) (time.Duration, bool) {
	if attempt >= pol.MaxAttempts || !KindOf(err).Retryable() || errors.Is(err, ErrFirstByteTimeout) {
		return 0, false
	}
	backoff := pol.BaseDelay << (attempt - 1)
	if backoff > pol.MaxDelay || backoff <= 0 {
		backoff = pol.MaxDelay
	}
	wait := time.Duration(pol.Rand() * float64(backoff))
	if ra := retryAfterOf(err); ra > 0 {
		if ra > pol.MaxRetryAfter {
			return 0, false
		}
		wait = max(wait, ra)
	}
	return wait, true
}

func retryAfterOf(err error) time.Duration {
	var e *Error
	if errors.As(err, &e) {
		return e.RetryAfter
	}
	return 0
}

func (pol RetryPolicy) withDefaults() RetryPolicy {
	if pol.MaxAttempts <= 0 {
		pol.MaxAttempts = 4
	}
	if pol.BaseDelay <= 0 {
		pol.BaseDelay = time.Second
	}
	if pol.MaxDelay <= 0 {
		pol.MaxDelay = 30 * time.Second
	}
	if pol.MaxRetryAfter <= 0 {
		pol.MaxRetryAfter = 60 * time.Second
	}
	if pol.Rand == nil {
		pol.Rand = rand.Float64
	}
	if pol.Sleep == nil {
		pol.Sleep = sleep
	}
	return pol
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
