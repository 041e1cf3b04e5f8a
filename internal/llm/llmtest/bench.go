package llmtest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// BenchStream measures one adapter streaming body, a complete SSE
// response in the provider's wire format, from a local server: newProvider
// builds the adapter for the server's URL and client, and every iteration
// asks for SimpleRequest(model, …) and drains the stream, which must carry
// text. MB/s counts wire bytes.
func BenchStream(b *testing.B, body []byte, model string, newProvider func(baseURL string, hc *http.Client) llm.Provider) {
	b.Helper()
	p := benchProvider(b, body, nil, newProvider)
	req := SimpleRequest(model, "Write a lot.")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n := 0
		for ev, err := range p.Stream(b.Context(), req) {
			if err != nil {
				b.Fatal(err)
			}
			n += len(ev.Text)
		}
		if n == 0 {
			b.Fatal("no text")
		}
	}
}

// benchProvider is newProvider's provider against a local server that
// drains each request and answers with answer (a complete SSE response);
// when bodyBytes is set, it holds the size of the last request's body.
// The server and the client's connections close when b ends.
func benchProvider(b *testing.B, answer []byte, bodyBytes *int, newProvider func(baseURL string, hc *http.Client) llm.Provider) llm.Provider {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := drain(r)
		if bodyBytes != nil {
			*bodyBytes = n
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(answer)
	}))
	b.Cleanup(srv.Close)
	hc := llm.NewHTTPClient(llm.HTTPOptions{})
	b.Cleanup(hc.CloseIdleConnections)
	return newProvider(srv.URL, hc)
}

// drain reads r's body to its end and returns its size.
func drain(r *http.Request) int {
	n := 0
	buf := make([]byte, 32<<10)
	for {
		k, err := r.Body.Read(buf)
		n += k
		if err != nil {
			return n
		}
	}
}
