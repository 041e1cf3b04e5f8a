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

// TestFirstByteTimeoutBeforeHeaders: a server that accepts the request
// and never answers fails after the first-byte timeout, not the idle one.
func TestFirstByteTimeoutBeforeHeaders(t *testing.T) {
	t.Parallel()
	srv := stallServer(t, "x", time.Hour)
	c := NewHTTPClient(HTTPOptions{FirstByteTimeout: 200 * time.Millisecond, IdleTimeout: time.Hour})
	_, err := c.Get(srv.URL)
	if !errors.Is(err, ErrFirstByteTimeout) || errors.Is(err, ErrIdleTimeout) {
		t.Fatalf("error %v, want ErrFirstByteTimeout", err)
	}
	e := TransportError(t.Context(), err)
	e.Provider = "work"
	if e.Kind != KindTimeout || e.Error() != "no response from provider work within 0.2 s" {
		t.Errorf("kind %q, text %q", e.Kind, e.Error())
	}
}

// TestFirstByteTimeoutAfterHeaders: headers alone are not an answer.
func TestFirstByteTimeoutAfterHeaders(t *testing.T) {
	t.Parallel()
	srv := stallServer(t, "", 0)
	c := NewHTTPClient(HTTPOptions{FirstByteTimeout: 200 * time.Millisecond, IdleTimeout: time.Hour})
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	_, err = io.ReadAll(resp.Body)
	if !errors.Is(err, ErrFirstByteTimeout) {
		t.Fatalf("error %v, want ErrFirstByteTimeout", err)
	}
}

// TestIdleTimeoutCoversHeadersWithoutFirstByteLimit: with the first-byte
// timeout off, the idle timeout bounds the wait for the answer.
func TestIdleTimeoutCoversHeadersWithoutFirstByteLimit(t *testing.T) {
	t.Parallel()
	srv := stallServer(t, "x", time.Hour)
	c := NewHTTPClient(HTTPOptions{FirstByteTimeout: -1, IdleTimeout: 200 * time.Millisecond})
	_, err := c.Get(srv.URL)
	if !errors.Is(err, ErrIdleTimeout) {
		t.Fatalf("error %v, want ErrIdleTimeout", err)
	}
	if got := TransportError(t.Context(), err).Error(); got != "the provider sent nothing for 0.2 s" {
		t.Errorf("text %q", got)
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
	if c := NewHTTPClient(HTTPOptions{IdleTimeout: -1, FirstByteTimeout: -1}); c.Transport == nil {
		t.Fatal("no transport")
	} else if _, ok := c.Transport.(*idleTransport); ok {
		t.Error("idle transport installed although disabled")
	}
	c := NewHTTPClient(HTTPOptions{})
	if it, ok := c.Transport.(*idleTransport); !ok || it.idle != DefaultIdleTimeout || it.first != DefaultFirstByteTimeout {
		t.Errorf("default transport %#v", c.Transport)
	}
}

// The default transport reads a response in large blocks: a burst of
// stream events costs a system call per 64 KiB, not per 4 KiB.
func TestDefaultTransportReadsLargeBlocks(t *testing.T) {
	t.Parallel()
	c := NewHTTPClient(HTTPOptions{})
	it, ok := c.Transport.(*idleTransport)
	if !ok {
		t.Fatalf("transport %T, want the idle-timeout wrapper", c.Transport)
	}
	tr, ok := it.base.(*http.Transport)
	if !ok {
		t.Fatalf("base transport %T, want *http.Transport", it.base)
	}
	if tr.ReadBufferSize != readBufferSize {
		t.Errorf("read buffer %d, want %d", tr.ReadBufferSize, readBufferSize)
	}
}
