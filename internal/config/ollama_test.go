package config

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

func TestOllamaBaseURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"":                         "http://localhost:11434/v1",
		"127.0.0.1":                "http://127.0.0.1:11434/v1",
		"0.0.0.0:8080":             "http://localhost:8080/v1",
		"http://box:11434":         "http://box:11434/v1",
		"http://box:11434/v1":      "http://box:11434/v1",
		"https://ollama.example":   "https://ollama.example/v1",
		"http://[::1]:11434/":      "http://[::1]:11434/v1",
		"http://proxy/ollama/path": "http://proxy/ollama/path/v1",
		"[::1]":                    "http://[::1]:11434/v1",
	} {
		if got := OllamaBaseURL(in); got != want {
			t.Errorf("OllamaBaseURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDetectOllama(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/tags" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte(`{"models": [{"name": "llama3.2:latest", "size": 1}, {"name": "qwen3-coder:30b"}]}`))
	}))
	defer srv.Close()
	st, err := DetectOllama(t.Context(), srv.Client(), srv.URL+"/v1")
	if err != nil {
		t.Fatal(err)
	}
	if !st.Reachable || !slices.Equal(st.Models, []string{"llama3.2:latest", "qwen3-coder:30b"}) {
		t.Errorf("status = %+v", st)
	}
	if _, err := DetectOllama(t.Context(), srv.Client(), srv.URL+"/nothing/v1"); err == nil {
		t.Error("a 404 counts as Ollama")
	}
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	if _, err := DetectOllama(t.Context(), nil, dead.URL); err == nil {
		t.Error("a closed port counts as Ollama")
	}
}
