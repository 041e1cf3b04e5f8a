package openai

import (
	"net/http"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// BenchmarkStream1MiB streams a ~1 MiB response of small text deltas from
// a local server; MB/s counts wire bytes.
func BenchmarkStream1MiB(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(created())
	delta := sse("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"token "`)
	for sb.Len() < 1<<20 {
		sb.WriteString(delta)
	}
	sb.WriteString(completed("completed", 100, 0, 5000, ""))
	llmtest.BenchStream(b, []byte(sb.String()), "m", func(url string, hc *http.Client) llm.Provider {
		return New(Options{Name: "bench", BaseURL: url, HTTPClient: hc})
	})
}

// BenchmarkToolSteps sends the steps of a tool loop (16 tools, a 13 KB
// system prompt, a growing history) and reads a short answer.
func BenchmarkToolSteps(b *testing.B) {
	answer := []byte(created() + sse("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"ok"`) + completed("completed", 100, 0, 5, ""))
	llmtest.BenchToolSteps(b, answer, "m", func(url string, hc *http.Client) llm.Provider {
		return New(Options{Name: "bench", BaseURL: url, HTTPClient: hc})
	})
}
