package e2e

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// BenchmarkToolResultToRequest measures "tool result → next request" of
// `hone run` exactly: the model calls a tool of an MCP server that this
// benchmark serves over HTTP, which notes the time just before it
// answers; result-gap is from that moment to the arrival of the next
// model request's headers at the model server. It holds reading the
// tool's answer, storing the result, building the next request and
// sending it, and nothing of the model's stream or the tool's own work.
// (BenchmarkOneToolTurn's gap is the upper bound that also holds those.)
func BenchmarkToolResultToRequest(b *testing.B) {
	e := newEnv(b)
	benchProject(b, e)
	stamp := &timeStamp{}
	mcpURL := stampMCPServer(b, stamp)
	srv := newChatServer(b, func(_ int, req *chatRequest) reply {
		msgs := req.Body.Messages
		if msgs[len(msgs)-1].Role == "tool" {
			return reply{text: "Noted."}
		}
		return reply{text: "Let me check.", calls: []call{{id: "call_now", name: "mcp_stamp_now", args: `{}`}}}
	})
	cfg := withoutTitles(serverConfig(srv.URL()))
	cfg["mcp"] = map[string]any{"stamp": map[string]any{"url": mcpURL}}
	e.useConfig(cfg)
	e.mustRun(0, "run", "--yolo", "warm up")
	var gap samples
	for b.Loop() {
		stamp.set(time.Time{})
		p := e.start(nil, "run", "--yolo", "what time is it")
		if r := p.wait(); r.code != 0 {
			b.Fatalf("hone run: %s", r)
		}
		mains := srv.MainRequests()
		at := stamp.get()
		if at.IsZero() {
			b.Fatal("the MCP tool was not called")
		}
		gap.addDuration(mains[len(mains)-1].At.Sub(at))
	}
	gap.report(b, "result-gap-", "ms")
}

// stampMCPServer serves the MCP tool "now" over streamable HTTP; each
// call notes the time in stamp just before answering.
func stampMCPServer(b *testing.B, stamp *timeStamp) string {
	s := server.NewMCPServer("stamp", "1", server.WithToolCapabilities(false))
	s.AddTool(mcpgo.NewTool("now", mcpgo.WithDescription("Answers ok.")), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		res := mcpgo.NewToolResultText("ok")
		stamp.set(time.Now())
		return res, nil
	})
	ts := httptest.NewServer(server.NewStreamableHTTPServer(s))
	b.Cleanup(ts.Close)
	return ts.URL + "/mcp"
}

// timeStamp is a time shared between the MCP handler and the benchmark.
type timeStamp struct {
	mu sync.Mutex
	at time.Time
}

func (s *timeStamp) set(t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.at = t
}

func (s *timeStamp) get() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.at
}
