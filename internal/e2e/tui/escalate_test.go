package tui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// modelEchoServer is an OpenAI-compatible endpoint whose main requests
// are answered "Answer from MODEL." with the requested model's id.
func modelEchoServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Model string            `json:"model"`
			Tools []json.RawMessage `json:"tools"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		text := "A title"
		if len(body.Tools) > 0 {
			text = "Answer from " + body.Model + "."
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":%q},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n", text)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestCtrlXEscalatesTheNextTurn: with routing escalate, a turn runs on
// the fast model; ctrl+x makes the next one start on the large model.
func TestCtrlXEscalatesTheNextTurn(t *testing.T) {
	t.Parallel()
	srv := modelEchoServer(t)
	u := newUser(t)
	config := u.writeJSON("routing.json", map[string]any{
		"providers": map[string]any{"local": map[string]any{
			"type": "openai-compat", "base_url": srv.URL + "/v1", "api_key": "test-key",
			"models": []any{map[string]any{"id": "fast", "context_window": 200000}, map[string]any{"id": "big", "context_window": 200000}},
		}},
		"models": map[string]any{"routing": "escalate", "fast": []string{"local/fast"}, "large": []string{"local/big"}, "small": []string{"local/fast"}},
	})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.submit("first question")
	p.waitFor("Answer from fast.", idleHint)
	p.keys("C-x")
	p.waitFor("the next turn starts on the large model")
	p.submit("second question")
	scr := p.waitFor("Answer from big.", idleHint)
	if !inOrder(scr, "first question", "Answer from fast.", "second question", "Answer from big.") {
		t.Errorf("the screen is out of order:\n%s", scr)
	}
}
