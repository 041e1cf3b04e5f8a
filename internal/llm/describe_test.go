package llm

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestErrorTextHTTP: an HTTP failure reads status, kind in words,
// provider and the provider's message.
func TestErrorTextHTTP(t *testing.T) {
	t.Parallel()
	tests := []struct {
		status int
		body   string
		want   string
	}{
		{401, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}`, "401 invalid API key for provider work: Incorrect API key provided"},
		{403, `{"error":{"message":"no access","type":"server_error"}}`, "403 access denied for provider work: no access"},
		{429, `{"error":{"message":"slow down"}}`, "429 rate limited for provider work: slow down"},
		{503, ``, "503 overloaded for provider work"},
	}
	for _, tt := range tests {
		e := Classify(tt.status, nil, []byte(tt.body))
		e.Provider = "work"
		if got := e.Error(); got != tt.want {
			t.Errorf("%d: %q, want %q", tt.status, got, tt.want)
		}
	}
	e := Classify(0, nil, []byte(`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`))
	e.Provider = "work"
	if got := e.Error(); got != "overloaded for provider work: Overloaded" {
		t.Errorf("stream error %q", got)
	}
}

// TestErrorTextConnectionRefused dials a port nothing listens on.
func TestErrorTextConnectionRefused(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = NewHTTPClient(HTTPOptions{}).Get("http://" + addr + "/v1/chat?key=SECRET")
	e := TransportError(t.Context(), err)
	e.Provider = "local"
	want := "connection refused at " + addr + " (provider local)"
	if e.Kind != KindServer || e.Error() != want {
		t.Errorf("kind %q, text %q, want %q", e.Kind, e.Error(), want)
	}
}

// TestErrorTextDNS: a lookup failure names the host, not the URL.
func TestErrorTextDNS(t *testing.T) {
	t.Parallel()
	dns := &net.DNSError{Err: "no such host", Name: "api.example.com", IsNotFound: true}
	err := &url.Error{Op: "Post", URL: "https://api.example.com/v1?key=SECRET", Err: &net.OpError{Op: "dial", Net: "tcp", Err: dns}}
	e := TransportError(t.Context(), err)
	if got := e.Error(); got != "DNS lookup failed for api.example.com: no such host" {
		t.Errorf("text %q", got)
	}
	if e.Kind != KindUnknown {
		t.Errorf("kind %q", e.Kind)
	}
}

// TestErrorTextTLSToPlainServer: https to a plain HTTP server.
func TestErrorTextTLSToPlainServer(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	t.Cleanup(srv.Close)
	_, err := NewHTTPClient(HTTPOptions{}).Get(strings.Replace(srv.URL, "http:", "https:", 1))
	got := TransportError(t.Context(), err).Error()
	if !strings.HasPrefix(got, "TLS handshake with ") || !strings.Contains(got, "try http://") {
		t.Errorf("text %q", got)
	}
}

func TestErrorTextUnexpectedEOF(t *testing.T) {
	t.Parallel()
	e := TransportError(t.Context(), &url.Error{Op: "Get", URL: "http://x", Err: io.ErrUnexpectedEOF})
	if e.Kind != KindServer || e.Error() != "the connection closed before the response was complete" {
		t.Errorf("kind %q, text %q", e.Kind, e.Error())
	}
}

func TestSeconds(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		60 * time.Second: "60 s", 4 * time.Second: "4 s", 400 * time.Millisecond: "0.4 s",
		1500 * time.Millisecond: "1.5 s", 12300 * time.Millisecond: "12 s",
	} {
		if got := Seconds(d); got != want {
			t.Errorf("Seconds(%s) = %q, want %q", d, got, want)
		}
	}
}
