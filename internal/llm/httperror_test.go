package llm

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestHTTPError(t *testing.T) {
	t.Parallel()
	resp := &http.Response{
		StatusCode: 429,
		Header:     http.Header{"Retry-After": {"3"}},
		Body:       io.NopCloser(strings.NewReader(`{"error":{"message":"slow down","code":"rate_limit_exceeded"}}`)),
	}
	e := HTTPError("deepseek", resp)
	if e.Kind != KindRateLimit || e.Status != 429 || e.RetryAfter != 3*time.Second || e.Provider != "deepseek" || e.Message != "slow down" {
		t.Errorf("error %+v", e)
	}
	if got := e.Error(); got != "429 rate limited for provider deepseek: slow down" {
		t.Errorf("text %q", got)
	}
}
