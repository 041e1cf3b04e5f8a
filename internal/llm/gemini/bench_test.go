package gemini

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// benchBody is a streamGenerateContent response of about 1 MiB: chunks of
// 64 bytes of text with the usual metadata.
func benchBody() []byte {
	var b bytes.Buffer
	text := strings.Repeat("stream ", 9) + "benchmark"
	for b.Len() < 1<<20 {
		fmt.Fprintf(&b, "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": %q}],\"role\": \"model\"},\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 10,\"totalTokenCount\": 10},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"bench\"}\r\n\r\n", text)
	}
	b.WriteString("data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"\"}],\"role\": \"model\"},\"finishReason\": \"STOP\",\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 10,\"candidatesTokenCount\": 90000,\"totalTokenCount\": 90010},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"bench\"}\r\n\r\n")
	return b.Bytes()
}

func BenchmarkStream1MiB(b *testing.B) {
	llmtest.BenchStream(b, benchBody(), "gemini-2.5-flash", func(url string, hc *http.Client) llm.Provider {
		return newTestClient(url, hc)
	})
}
