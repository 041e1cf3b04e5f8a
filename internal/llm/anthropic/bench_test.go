package anthropic

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// benchBody is a Messages stream of about 1 MiB: text deltas of 64 bytes
// between the usual framing events.
func benchBody() []byte {
	var b bytes.Buffer
	b.WriteString("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_bench\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"claude-sonnet-4-5\",\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}\n\n")
	b.WriteString("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n")
	chunk := strings.Repeat("stream ", 9) + "benchmark"
	for b.Len() < 1<<20 {
		fmt.Fprintf(&b, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":%q}}\n\n", chunk)
	}
	b.WriteString("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n")
	b.WriteString("event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":90000}}\n\n")
	b.WriteString("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
	return b.Bytes()
}

func BenchmarkStream1MiB(b *testing.B) {
	llmtest.BenchStream(b, benchBody(), "claude-sonnet-4-5", func(url string, hc *http.Client) llm.Provider {
		return newTestClient(url, hc)
	})
}

// BenchmarkToolSteps sends the steps of a tool loop (16 tools, a 13 KB
// system prompt, a growing history) and reads a short answer: the cost of
// building and sending each step's request through the SDK.
func BenchmarkToolSteps(b *testing.B) {
	answer := []byte("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_b\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"claude-sonnet-4-5\",\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"ok\"}}\n\n" +
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":5}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
	llmtest.BenchToolSteps(b, answer, "claude-sonnet-4-5", func(url string, hc *http.Client) llm.Provider {
		return newTestClient(url, hc)
	})
}

// BenchmarkToolStepsImages is BenchmarkToolSteps with three screenshots
// (120–280 KB in base64) arriving in tool results along each turn.
func BenchmarkToolStepsImages(b *testing.B) {
	llmtest.BenchToolStepsImages(b, []byte(shortAnswer), "claude-sonnet-4-5", func(url string, hc *http.Client) llm.Provider {
		return newTestClient(url, hc)
	})
}
