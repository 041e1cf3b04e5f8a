package llm

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ParseRetryAfter reads how long the server asked the client to wait:
// retry-after-ms (milliseconds, OpenAI and Anthropic send it) wins over
// retry-after, which may hold seconds or an HTTP date. Missing, malformed
// or past values give 0.
func ParseRetryAfter(h http.Header) time.Duration {
	return parseRetryAfterAt(h, time.Now())
}

func parseRetryAfterAt(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// geminiRetryDelay finds a google.rpc.RetryInfo detail ("retryDelay":"34s")
// in a Gemini error's details.
func geminiRetryDelay(details []json.RawMessage) time.Duration {
	for _, raw := range details {
		var d struct {
			Type       string `json:"@type"`
			RetryDelay string `json:"retryDelay"`
		}
		if json.Unmarshal(raw, &d) != nil || !strings.HasSuffix(d.Type, "RetryInfo") {
			continue
		}
		if v, err := time.ParseDuration(d.RetryDelay); err == nil && v > 0 {
			return v
		}
	}
	return 0
}
