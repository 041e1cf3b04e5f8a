package openaicompat

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestWithRetryEndToEnd: a 429 with retry-after-ms, then a stream cut
// short after some text, then a good stream. The caller sees the partial
// text, a reset, and the full answer once.
func TestWithRetryEndToEnd(t *testing.T) {
	t.Parallel()
	srv := llmtest.NewServer(t,
		llmtest.JSONError(429, `{"error":{"message":"slow down","code":"rate_limit_exceeded"}}`, "retry-after-ms", "1500"),
		llmtest.Stream(roleFrame(), textFrame("Hello, ")),
		fixtureText(),
	)
	var waits []time.Duration
	p := llm.WithRetry(New(Options{Name: "t", BaseURL: srv.URL}), llm.RetryPolicy{
		BaseDelay: 100 * time.Millisecond,
		Rand:      func() float64 { return 0.5 },
		Sleep: func(ctx context.Context, d time.Duration) error {
			waits = append(waits, d)
			return nil
		},
	})
	r := llmtest.Collect(t.Context(), p, llmtest.SimpleRequest("m", "hi"))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if want := []time.Duration{1500 * time.Millisecond, 100 * time.Millisecond}; !slices.Equal(waits, want) {
		t.Errorf("waits %v, want %v", waits, want)
	}
	reset := slices.IndexFunc(r.Events, func(ev llm.Event) bool { return ev.Type == llm.EventReset })
	if reset < 0 {
		t.Fatal("no reset after the partial stream")
	}
	after := llmtest.Result{Events: r.Events[reset+1:]}
	if after.Text() != llmtest.TextAnswer || after.Finish() != llm.FinishStop {
		t.Errorf("after reset: text %q finish %q", after.Text(), after.Finish())
	}
	if len(srv.Requests()) != 3 {
		t.Errorf("%d requests", len(srv.Requests()))
	}
}
