package config

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

// A local Ollama that answers the probe on its default address makes a
// provider usable when no key, host variable or config is set.
func TestResolveProbingFindsLocalOllama(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:11434")
	if err != nil {
		t.Skipf("the default Ollama port is taken: %v", err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/tags" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"models":[{"name":"qwen3:8b"}]}`))
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	defer srv.Close()

	var c Config
	opts := ResolveOptions{Getenv: envOf()}
	if _, err := Resolve(&c, nil, opts); !errors.Is(err, ErrNoProvider) {
		t.Fatalf("without a probe: err = %v, want ErrNoProvider", err)
	}
	r, err := ResolveProbing(t.Context(), &c, nil, opts, nil)
	if err != nil {
		t.Fatalf("with a probe: %v", err)
	}
	if got := candidateRefs(r.Large); !slices.Equal(got, []string{"ollama/qwen3:8b"}) {
		t.Errorf("large = %v, want the installed model", got)
	}
	srv.Close()
	if _, err := ResolveProbing(t.Context(), &c, nil, opts, nil); !errors.Is(err, ErrNoProvider) {
		t.Errorf("with nothing listening: err = %v, want ErrNoProvider", err)
	}
}
