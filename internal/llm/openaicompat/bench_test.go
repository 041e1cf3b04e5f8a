package openaicompat

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// BenchmarkStream1MiB streams a ~1 MiB response of small text deltas from
// a local server; MB/s counts wire bytes.
func BenchmarkStream1MiB(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(roleFrame())
	for sb.Len() < 1<<20 {
		sb.WriteString(textFrame("token "))
	}
	sb.WriteString(finishFrame("stop") + usageFrame(100, 5000, 0) + doneFrame())
	resp := llmtest.Stream(sb.String()).Split(16 << 10)
	responses := make([]llmtest.Response, b.N)
	for i := range responses {
		responses[i] = resp
	}
	srv := llmtest.NewServer(b, responses...)
	p := New(Options{Name: "bench", BaseURL: srv.URL, HTTPClient: llm.NewHTTPClient(llm.HTTPOptions{})})
	req := llmtest.SimpleRequest("m", "hi")
	b.SetBytes(int64(sb.Len()))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n := 0
		for ev, err := range p.Stream(b.Context(), req) {
			if err != nil {
				b.Fatal(err)
			}
			if ev.Type == llm.EventTextDelta {
				n++
			}
		}
		if n == 0 {
			b.Fatal("no text")
		}
	}
}
