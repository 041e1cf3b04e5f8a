package llm

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// stallServer writes head, flushes, then stays silent until the test ends.
func stallServer(t *testing.T, head string, headerDelay time.Duration) *httptest.Server {
	t.Helper()
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(headerDelay):
		case <-done:
			return
		}
		_, _ = io.WriteString(w, head)
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) })
	return srv
}

func TestIdleTimeoutOnBody(t *testing.T) {
	t.Parallel()
	srv := stallServer(t, "data: hello\n\n", 0)
	c := NewHTTPClient(HTTPOptions{IdleTimeout: 200 * time.Millisecond})
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 64)
	n, err := resp.Body.Read(buf)
	if err != nil || string(buf[:n]) != "data: hello\n\n" {
		t.Fatalf("first read %q, %v", buf[:n], err)
	}
	_, err = io.ReadAll(resp.Body)
	if !errors.Is(err, ErrIdleTimeout) {
		t.Fatalf("error %v, want ErrIdleTimeout", err)
	}
	if k := TransportError(t.Context(), err).Kind; k != KindTimeout {
		t.Errorf("kind %q", k)
	}
}

func TestIdleTimeoutBeforeHeaders(t *testing.T) {
	t.Parallel()
	srv := stallServer(t, "x", time.Hour)
	c := NewHTTPClient(HTTPOptions{IdleTimeout: 200 * time.Millisecond})
	_, err := c.Get(srv.URL)
	if !errors.Is(err, ErrIdleTimeout) {
		t.Fatalf("error %v, want ErrIdleTimeout", err)
	}
}

// TestIdleTimeoutIgnoresSlowReader: time spent between reads is the
// caller's, not the server's silence.
func TestIdleTimeoutIgnoresSlowReader(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "complete body")
	}))
	t.Cleanup(srv.Close)
	c := NewHTTPClient(HTTPOptions{IdleTimeout: 50 * time.Millisecond})
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	time.Sleep(150 * time.Millisecond)
	b, err := io.ReadAll(resp.Body)
	if err != nil || string(b) != "complete body" {
		t.Fatalf("read %q, %v", b, err)
	}
}

func TestIdleTimeoutDisabled(t *testing.T) {
	t.Parallel()
	if c := NewHTTPClient(HTTPOptions{IdleTimeout: -1}); c.Transport == nil {
		t.Fatal("no transport")
	} else if _, ok := c.Transport.(*idleTransport); ok {
		t.Error("idle transport installed although disabled")
	}
	c := NewHTTPClient(HTTPOptions{})
	if it, ok := c.Transport.(*idleTransport); !ok || it.idle != DefaultIdleTimeout {
		t.Errorf("default transport %#v", c.Transport)
	}
}
