package llm

import (
	"fmt"
	"time"
)

// EventType names a stream event.
type EventType string

// Stream events, in the order a well-formed stream yields them: any mix of
// text, reasoning and tool-call events, then usage (possibly more than once:
// the last value wins, values are totals for the response), then exactly one
// finish. A tool call is announced by ToolCallStart, grows by ToolCallDelta and
// ends with ToolCallEnd carrying the complete Part.
const (
	EventTextDelta      EventType = "text_delta"
	EventReasoningDelta EventType = "reasoning_delta"
	// EventReasoningEnd carries the finished reasoning Part with its
	// signature or encrypted content.
	EventReasoningEnd  EventType = "reasoning_end"
	EventToolCallStart EventType = "tool_call_start"
	EventToolCallDelta EventType = "tool_call_delta"
	EventToolCallEnd   EventType = "tool_call_end"
	EventUsage         EventType = "usage"
	EventFinish        EventType = "finish"
	// EventReset tells the caller to discard everything this stream has
	// delivered so far: the call is being retried from the start.
	EventReset EventType = "reset"
	// EventRetry says a failed attempt will be retried after a wait
	// (Retry set). Like EventReset it comes only from WithRetry, never
	// from an adapter; it carries no content.
	EventRetry EventType = "retry"
)

// FinishReason says why a response ended.
type FinishReason string

// Finish reasons.
const (
	FinishStop          FinishReason = "stop"
	FinishToolUse       FinishReason = "tool_use"
	FinishMaxTokens     FinishReason = "max_tokens"
	FinishContentFilter FinishReason = "content_filter"
	FinishError         FinishReason = "error"
	FinishCanceled      FinishReason = "canceled"
	// FinishOutputTooLarge: the response passed the output limit (see
	// LimitOutput) and was cut there.
	FinishOutputTooLarge FinishReason = "output_too_large"
)

// Usage counts tokens of one response. Input excludes cache reads and
// writes, so the four numbers add up to what was billed.
type Usage struct {
	Input      int64 `json:"input"`
	Output     int64 `json:"output"`
	CacheRead  int64 `json:"cache_read"`
	CacheWrite int64 `json:"cache_write"`
}

// Total is every token counted by u.
func (u Usage) Total() int64 { return u.Input + u.Output + u.CacheRead + u.CacheWrite }

// Add returns the sum of u and o.
func (u Usage) Add(o Usage) Usage {
	return Usage{u.Input + o.Input, u.Output + o.Output, u.CacheRead + o.CacheRead, u.CacheWrite + o.CacheWrite}
}

// Event is one item of a response stream. Which fields are set depends on
// Type: Text for deltas; ToolCallID/ToolName for tool-call events; Part for
// EventReasoningEnd and EventToolCallEnd; Usage for EventUsage; Reason for
// EventFinish; Retry for EventRetry.
type Event struct {
	Type       EventType
	Text       string
	ToolCallID string
	ToolName   string
	Part       *Part
	Usage      Usage
	Reason     FinishReason
	Retry      *RetryInfo
	// WebResults for EventWebResults.
	WebResults []WebResult
}

// RetryInfo describes a retry WithRetry is about to make.
type RetryInfo struct {
	// Attempt is the number of the coming attempt (2 for the first
	// retry), MaxAttempts the most there will be.
	Attempt, MaxAttempts int
	// Wait is the pause before it.
	Wait time.Duration
	// Err is the error the previous attempt failed with.
	Err error
}

// String is the retry in words: "rate limited for provider work: slow
// down, retrying in 4 s (attempt 2/4)".
func (r *RetryInfo) String() string {
	when := "retrying now"
	if r.Wait >= 100*time.Millisecond {
		when = "retrying in " + Seconds(r.Wait)
	}
	return fmt.Sprintf("%v, %s (attempt %d/%d)", r.Err, when, r.Attempt, r.MaxAttempts)
}
