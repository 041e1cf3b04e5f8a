package openaicompat

import (
	"net/http"
	"testing"

	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestIgnoresOpenAIEnvironment: OPENAI_* variables belong to OpenAI and
// must not reach a compatible server (no t.Parallel: it sets env vars).
func TestIgnoresOpenAIEnvironment(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	t.Setenv("OPENAI_ORG_ID", "org-env")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/wrong")
	t.Setenv("OPENAI_CUSTOM_HEADERS", "X-Leak: yes")
	srv := llmtest.NewServer(t, fixtureText())
	p := New(Options{Name: "ollama", BaseURL: srv.URL + "/v1", HTTPClient: http.DefaultClient})
	if r := llmtest.Collect(t.Context(), p, llmtest.SimpleRequest("m", "hi")); r.Err != nil {
		t.Fatal(r.Err)
	}
	h := srv.Requests()[0].Header
	for _, k := range []string{"OpenAI-Organization", "X-Leak"} {
		if h.Get(k) != "" {
			t.Errorf("header %s = %q leaked from the environment", k, h.Get(k))
		}
	}
	if a := h.Get("Authorization"); a != "" {
		t.Errorf("Authorization %q leaked from the environment", a)
	}
}
