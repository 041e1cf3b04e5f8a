package tui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// rateLimitedServer is an OpenAI-compatible endpoint whose first `fail`
// main requests (those offering tools) get a 429 with retry-after: 1, and
// later ones the text answer. Titles get a short text.
func rateLimitedServer(t *testing.T, fail int32, answer string) *httptest.Server {
	t.Helper()
	var mains atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Tools []json.RawMessage `json:"tools"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		text := "A title"
		if len(body.Tools) > 0 {
			if mains.Add(1) <= fail {
				w.Header().Set("Retry-After", "1")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusTooManyRequests)
				fmt.Fprint(w, `{"error":{"message":"slow down","type":"rate_limit_error"}}`)
				return
			}
			text = answer
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":%q},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n", text)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestRetriesShownThenErrorOnceThenRetryNow: while the provider rate
// limits, each retry is shown; when the retries are spent the cause is
// shown once with the retry key; the key asks again at once and the
// answer arrives.
func TestRetriesShownThenErrorOnceThenRetryNow(t *testing.T) {
	t.Parallel()
	srv := rateLimitedServer(t, 4, "Back online.")
	u := newUser(t)
	config := u.writeJSON("server.json", map[string]any{
		"providers": map[string]any{"local": map[string]any{
			"type": "openai-compat", "base_url": srv.URL + "/v1", "api_key": "test-key",
			"models": []any{map[string]any{"id": "m", "context_window": 200000}},
		}},
		"models": map[string]any{"large": []string{"local/m"}, "small": []string{"local/m"}},
	})
	p := openHone(newTmux(t, u), u, config, 140, 40)
	p.submit("hello there")
	p.waitFor("429 rate limited for provider local: slow down, retrying in 1 s (attempt 2/4)")
	scr := p.waitFor("the turn failed: 429 rate limited for provider local: slow down · ctrl+r retry now", idleHint)
	if n := strings.Count(scr, "the turn failed"); n != 1 {
		t.Fatalf("the failure is shown %d times:\n%s", n, scr)
	}
	for _, attempt := range []string{"(attempt 2/4)", "(attempt 3/4)", "(attempt 4/4)"} {
		if !strings.Contains(scr, attempt) {
			t.Errorf("no retry line with %s:\n%s", attempt, scr)
		}
	}
	p.keys("C-r")
	scr = p.waitFor("Back online.", idleHint)
	if !inOrder(scr, "hello there", "the turn failed", "Back online.") {
		t.Errorf("the screen is out of order:\n%s", scr)
	}
}

// TestSingleModelNotLockedOutAfterFailure: after a rate limit put the only
// model on a 60 s cooldown, the next prompt is still answered at once.
func TestSingleModelNotLockedOutAfterFailure(t *testing.T) {
	t.Parallel()
	_, p, _ := setup(t, script{Turns: []any{
		map[string]any{"items": []any{map[string]any{"error": map[string]any{"kind": "rate_limit", "message": "slow down"}}}},
		"Answered at once.",
	}})
	p.submit("first try")
	p.waitFor("429 rate limited for provider fake: slow down · ctrl+r retry now", idleHint)
	p.submit("second try")
	scr := p.waitFor("Answered at once.", idleHint)
	if !inOrder(scr, "first try", "the turn failed", "second try", "Answered at once.") {
		t.Errorf("the screen is out of order:\n%s", scr)
	}
}
