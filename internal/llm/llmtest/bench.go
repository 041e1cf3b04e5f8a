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
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	hc := llm.NewHTTPClient(llm.HTTPOptions{})
	defer hc.CloseIdleConnections()
	p := newProvider(srv.URL, hc)
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
