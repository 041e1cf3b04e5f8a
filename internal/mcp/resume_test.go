package mcp_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/honecode/hone/internal/config"
)

// droppingServer is a streamable HTTP server whose tools/call stream sends
// one event (with an id and a retry delay) and then loses the connection;
// a GET carrying Last-Event-ID gets the result.
type droppingServer struct {
	mu          sync.Mutex
	lastEventID []string
	pending     json.RawMessage // id of the call whose stream broke
}

func (d *droppingServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		id := r.Header.Get("Last-Event-ID")
		if id == "" {
			http.Error(w, "no standalone stream", http.StatusMethodNotAllowed)
			return
		}
		d.mu.Lock()
		d.lastEventID = append(d.lastEventID, id)
		pending := d.pending
		d.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "id: e2\nevent: message\ndata: %s\n\n",
			`{"jsonrpc":"2.0","id":`+string(pending)+`,"result":{"content":[{"type":"text","text":"resumed"}]}}`)
		return
	}
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	body, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(body, &req)
	w.Header().Set("Mcp-Session-Id", "s1")
	switch req.Method {
	case "initialize":
		reply(w, req.ID, `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"d","version":"1"}}`)
	case "tools/list":
		reply(w, req.ID, `{"tools":[{"name":"work","inputSchema":{"type":"object"}}]}`)
	case "tools/call":
		d.dropAfterPriming(w, req.ID)
	default:
		w.WriteHeader(http.StatusAccepted)
	}
}

func reply(w http.ResponseWriter, id json.RawMessage, result string) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result)
}

// dropAfterPriming sends the priming event and cuts the TCP connection in
// the middle of the chunked stream: a network fault, not a clean end.
func (d *droppingServer) dropAfterPriming(w http.ResponseWriter, id json.RawMessage) {
	d.mu.Lock()
	d.pending = id
	d.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "id: e1\nretry: 10\ndata: \n\n")
	w.(http.Flusher).Flush()
	conn, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	conn.Close()
}

// A response stream that breaks off is resumed with a GET carrying the
// last event id, and the call gets its result from there.
func TestSSEStreamDropResumesWithLastEventID(t *testing.T) {
	t.Parallel()
	d := &droppingServer{}
	ts := httptest.NewServer(d)
	t.Cleanup(ts.Close)
	f := start(t, map[string]config.MCPServer{"drop": {URL: ts.URL}})
	f.connected(t, "drop")
	res := f.run(t, "mcp_drop_work", `{}`)
	if res.IsError || !strings.Contains(res.Content, "resumed") {
		t.Fatalf("result %+v", res)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.lastEventID) != 1 || d.lastEventID[0] != "e1" {
		t.Errorf("Last-Event-ID headers %v, want [e1]", d.lastEventID)
	}
}
