package anthropic

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
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
