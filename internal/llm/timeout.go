package llm

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Sentinels a *TimeoutError matches with errors.Is. TransportError maps
// both to KindTimeout; WithRetry does not retry ErrFirstByteTimeout.
var (
	ErrFirstByteTimeout = errors.New("no response within the first-byte timeout")
	ErrIdleTimeout      = errors.New("stream idle timeout")
)

// TimeoutError is the error of a request that a time limit of
// NewHTTPClient's transport ended.
type TimeoutError struct {
	// FirstByte is set when no byte of the response came within the
	// first-byte timeout; otherwise the stream went silent for the idle
	// timeout.
	FirstByte bool
	After     time.Duration
}

// Error says which limit expired.
func (e *TimeoutError) Error() string { return e.describe("") }

// Is matches ErrFirstByteTimeout or ErrIdleTimeout.
func (e *TimeoutError) Is(target error) bool {
	return (target == ErrFirstByteTimeout && e.FirstByte) || (target == ErrIdleTimeout && !e.FirstByte)
}

func (e *TimeoutError) describe(provider string) string {
	who := "the provider"
	if provider != "" {
		who = "provider " + provider
	}
	if e.FirstByte {
		return fmt.Sprintf("no response from %s within %s", who, Seconds(e.After))
	}
	return fmt.Sprintf("%s sent nothing for %s", who, Seconds(e.After))
}

// Seconds formats d for people: "60 s", "4 s", "0.4 s".
func Seconds(d time.Duration) string {
	if d%time.Second == 0 || d >= 10*time.Second {
		return strconv.FormatInt(int64(d.Round(time.Second)/time.Second), 10) + " s"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}
