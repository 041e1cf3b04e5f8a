package llm

import (
	"net/http"
	"testing"
	"time"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status int
		body   string
		want   ErrorKind
		msg    string
	}{
		{"openai rate limit", 429, `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}`, KindRateLimit, "Rate limit reached"},
		{"openai quota is billing", 429, `{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}`, KindBilling, ""},
		{"openai context", 400, `{"error":{"message":"This model's maximum context length is 8192 tokens","type":"invalid_request_error","code":"context_length_exceeded"}}`, KindContextOverflow, ""},
		{"openai bad request", 400, `{"error":{"message":"Invalid 'tools[0].name'","type":"invalid_request_error","code":null}}`, KindBadRequest, ""},
		{"openai key", 401, `{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}`, KindAuth, ""},
		{"openai 503 server_error", 503, `{"error":{"message":"The engine is currently overloaded","type":"server_error"}}`, KindOverloaded, ""},
		{"openai 500", 500, `{"error":{"message":"oops","type":"server_error"}}`, KindServer, "oops"},
		{"anthropic overloaded", 529, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, KindOverloaded, "Overloaded"},
		{"anthropic prompt too long", 400, `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}`, KindContextOverflow, ""},
		{"anthropic credit", 400, `{"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API."}}`, KindBilling, ""},
		{"anthropic permission", 403, `{"type":"error","error":{"type":"permission_error","message":"no access"}}`, KindAuth, ""},
		{"anthropic rate", 429, `{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`, KindRateLimit, ""},
		{"anthropic api_error", 500, `{"type":"error","error":{"type":"api_error","message":"Internal server error"}}`, KindServer, ""},
		{"anthropic 413", 413, `{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum size"}}`, KindContextOverflow, ""},
		{"anthropic in stream", 0, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, KindOverloaded, ""},
		{"gemini exhausted", 429, `{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}`, KindRateLimit, ""},
		{"gemini array", 400, `[{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}]`, KindContextOverflow, ""},
		{"gemini unavailable", 503, `{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}`, KindOverloaded, ""},
		{"gemini key", 400, `{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}`, KindAuth, ""},
		{"deepseek balance", 402, `{"error":{"message":"Insufficient Balance","type":"unknown_error","code":"invalid_request_error"}}`, KindBilling, ""},
		{"openrouter in stream", 0, `{"error":{"code":502,"message":"Provider returned error"}}`, KindServer, ""},
		{"plain text", 502, "Bad Gateway", KindServer, "Bad Gateway"},
		{"empty 504", 504, "", KindTimeout, ""},
		{"message only", 422, `{"message":"bad field"}`, KindBadRequest, "bad field"},
		{"detail only", 404, `{"detail":"model not found"}`, KindBadRequest, "model not found"},
		{"string error", 402, `{"error":"payment required"}`, KindBilling, "payment required"},
		{"nothing", 0, ``, KindUnknown, ""},
		// 401, 402 and 403 decide whatever the body says (gateways).
		{"401 server_error body", 401, `{"error":{"message":"Unauthorized","type":"server_error"}}`, KindAuth, ""},
		{"403 server_error body", 403, `{"error":{"message":"Forbidden","type":"server_error","code":"internal"}}`, KindAuth, ""},
		{"401 rate limit body", 401, `{"error":{"message":"too many requests","type":"rate_limit_error"}}`, KindAuth, ""},
		{"401 context phrase", 401, `{"error":{"message":"maximum context length","type":"server_error"}}`, KindAuth, ""},
		{"402 overloaded body", 402, `{"error":{"message":"overloaded","type":"overloaded_error"}}`, KindBilling, ""},
		{"403 billing body", 403, `{"error":{"message":"Your credit balance is too low","type":"server_error"}}`, KindBilling, ""},
		{"401 in stream", 0, `{"error":{"code":401,"message":"No auth credentials found","type":"server_error"}}`, KindAuth, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := Classify(tt.status, nil, []byte(tt.body))
			if e.Kind != tt.want {
				t.Errorf("kind %q, want %q", e.Kind, tt.want)
			}
			if e.Status != tt.status {
				t.Errorf("status %d, want %d", e.Status, tt.status)
			}
			if tt.msg != "" && e.Message != tt.msg {
				t.Errorf("message %q, want %q", e.Message, tt.msg)
			}
		})
	}
}

func TestClassifyRetryAfter(t *testing.T) {
	t.Parallel()
	h := http.Header{"Retry-After": {"12"}}
	if got := Classify(429, h, nil).RetryAfter; got != 12*time.Second {
		t.Errorf("header: %s", got)
	}
	body := `{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"quota","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"34s"}]}}`
	if got := Classify(429, http.Header{}, []byte(body)).RetryAfter; got != 34*time.Second {
		t.Errorf("gemini detail: %s", got)
	}
}

func TestClassifyTruncatesMessage(t *testing.T) {
	t.Parallel()
	long := make([]byte, 3000)
	for i := range long {
		long[i] = 'x'
	}
	if e := Classify(500, nil, long); len(e.Message) > maxMessageLen+len("…") {
		t.Errorf("message of %d bytes", len(e.Message))
	}
}

func TestParseRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name string
		h    http.Header
		want time.Duration
	}{
		{"seconds", http.Header{"Retry-After": {"7"}}, 7 * time.Second},
		{"fractional", http.Header{"Retry-After": {"1.5"}}, 1500 * time.Millisecond},
		{"ms wins", http.Header{"Retry-After": {"7"}, "Retry-After-Ms": {"250"}}, 250 * time.Millisecond},
		{"date", http.Header{"Retry-After": {now.Add(90 * time.Second).Format(http.TimeFormat)}}, 90 * time.Second},
		{"past date", http.Header{"Retry-After": {now.Add(-time.Minute).Format(http.TimeFormat)}}, 0},
		{"garbage", http.Header{"Retry-After": {"soon"}}, 0},
		{"negative", http.Header{"Retry-After": {"-3"}}, 0},
		{"bad ms falls back", http.Header{"Retry-After": {"2"}, "Retry-After-Ms": {"x"}}, 2 * time.Second},
		{"none", http.Header{}, 0},
	}
	for _, tt := range tests {
		if got := parseRetryAfterAt(tt.h, now); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}
