package anthropic

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// fixture loads testdata/name.sse as a streamed response written one SSE
// event per chunk, as the API flushes them.
func fixture(t testing.TB, name string) llmtest.Response {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name+".sse"))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	r := llmtest.Response{Status: http.StatusOK, Header: http.Header{"Content-Type": {"text/event-stream; charset=utf-8"}}}
	for len(raw) > 0 {
		i := bytes.Index(raw, []byte("\n\n"))
		if i < 0 {
			i = len(raw) - 2
		}
		r.Chunks = append(r.Chunks, raw[:i+2])
		raw = raw[i+2:]
	}
	return r
}

// newTestClient returns a Client against url through hc.
func newTestClient(url string, hc *http.Client) *Client {
	return New(Options{Name: "test-anthropic", BaseURL: url, APIKey: "sk-ant-test", HTTPClient: hc})
}

// collect streams req from a server answering with responses and returns
// the result and the server.
func collect(t *testing.T, req *llm.Request, responses ...llmtest.Response) (llmtest.Result, *llmtest.Server) {
	t.Helper()
	srv := llmtest.NewServer(t, responses...)
	hc := llm.NewHTTPClient(llm.HTTPOptions{})
	t.Cleanup(hc.CloseIdleConnections)
	return llmtest.Collect(t.Context(), newTestClient(srv.URL, hc), req), srv
}

// fixtureDuplicateIDs is parallel_tool_calls with one tool_use id for
// both calls.
func fixtureDuplicateIDs(t testing.TB) llmtest.Response {
	r := fixture(t, "parallel_tool_calls")
	for i, c := range r.Chunks {
		r.Chunks[i] = bytes.ReplaceAll(c, []byte("toolu_01HoneTime00000000000002"), []byte("toolu_01HoneWeather00000000002"))
	}
	return r
}

// fixtureLongText streams 72 KiB of text in 3 KiB deltas.
func fixtureLongText(t testing.TB) llmtest.Response {
	text := fixture(t, "text")
	chunks := text.Chunks[:2] // message_start, content_block_start
	delta := `event: content_block_delta` + "\n" + `data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"` +
		strings.Repeat("lorem ipsum ", 256) + `"}}` + "\n\n"
	for range 24 {
		chunks = append(chunks, []byte(delta))
	}
	chunks = append(chunks, text.Chunks[len(text.Chunks)-3:]...) // block stop, message delta, stop
	text.Chunks = chunks
	return text
}
