package gemini

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
// event per chunk, as the API flushes them (events end in CRLF CRLF).
func fixture(t testing.TB, name string) llmtest.Response {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name+".sse"))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	sep := []byte("\r\n\r\n")
	r := llmtest.Response{Status: http.StatusOK, Header: http.Header{"Content-Type": {"text/event-stream"}}}
	for len(raw) > 0 {
		i := bytes.Index(raw, sep)
		if i < 0 {
			r.Chunks = append(r.Chunks, raw)
			break
		}
		r.Chunks = append(r.Chunks, raw[:i+len(sep)])
		raw = raw[i+len(sep):]
	}
	return r
}

// newTestClient returns a Gemini API client against url through hc.
func newTestClient(url string, hc *http.Client) *Client {
	return New(Options{Name: "test-gemini", BaseURL: url, APIKey: "test-key", HTTPClient: hc})
}

// collect streams req from a server answering with responses.
func collect(t *testing.T, req *llm.Request, responses ...llmtest.Response) (llmtest.Result, *llmtest.Server) {
	t.Helper()
	srv := llmtest.NewServer(t, responses...)
	hc := llm.NewHTTPClient(llm.HTTPOptions{})
	t.Cleanup(hc.CloseIdleConnections)
	return llmtest.Collect(t.Context(), newTestClient(srv.URL, hc), req), srv
}

// fixtureDuplicateIDs is parallel_tool_calls with one call id for both
// calls.
func fixtureDuplicateIDs(t testing.TB) llmtest.Response {
	r := fixture(t, "parallel_tool_calls")
	for i, c := range r.Chunks {
		r.Chunks[i] = bytes.ReplaceAll(c, []byte(`"functionCall": {"name"`), []byte(`"functionCall": {"id": "fc_dup","name"`))
	}
	return r
}

// fixtureLongText streams 72 KiB of text in 3 KiB chunks.
func fixtureLongText(t testing.TB) llmtest.Response {
	r := fixture(t, "text")
	last := r.Chunks[len(r.Chunks)-1]
	var chunks [][]byte
	for range 24 {
		chunks = append(chunks, bytes.Replace(r.Chunks[0], []byte("Hello, world!"), []byte(strings.Repeat("lorem ipsum ", 256)), 1))
	}
	r.Chunks = append(chunks, last)
	return r
}
