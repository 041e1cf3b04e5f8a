package mcp

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// genericServer answers server/discover with discover, initialize with a
// legacy result and every other request with an empty result, like a
// JSON-RPC server that answers unknown methods generically.
type genericServer struct {
	discover string
	mu       sync.Mutex
	methods  []string
}

func (g *genericServer) Start(context.Context) error { return nil }
func (g *genericServer) SendRequest(_ context.Context, r transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	g.mu.Lock()
	g.methods = append(g.methods, r.Method)
	g.mu.Unlock()
	result := `{}`
	switch r.Method {
	case "server/discover":
		result = g.discover
	case "initialize":
		result = `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"g","version":"1"}}`
	}
	return &transport.JSONRPCResponse{JSONRPC: "2.0", ID: r.ID, Result: json.RawMessage(result)}, nil
}
func (g *genericServer) SendNotification(context.Context, mcp.JSONRPCNotification) error { return nil }
func (g *genericServer) SetNotificationHandler(func(mcp.JSONRPCNotification))            {}
func (g *genericServer) Close() error                                                    { return nil }
func (g *genericServer) GetSessionId() string                                            { return "" }

// An empty (or legacy-only) server/discover answer is no proof of the
// stateless protocol: the client falls back to initialize. A real
// discover answer is still taken.
func TestAmbiguousDiscoverFallsBackToInitialize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		discover, version string
		initialize        bool
	}{
		{`{}`, "2025-06-18", true},
		{`{"supportedVersions":["2025-06-18"],"capabilities":{}}`, "2025-06-18", true},
		{`{"supportedVersions":["` + mcp.LATEST_PROTOCOL_VERSION + `"],"capabilities":{"tools":{}}}`, mcp.LATEST_PROTOCOL_VERSION, false},
	} {
		g := &genericServer{discover: tc.discover}
		c := client.NewClient(guardDiscover(g))
		if err := c.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		req := mcp.InitializeRequest{}
		req.Params.ClientInfo = mcp.Implementation{Name: "hone", Version: "test"}
		if _, err := c.Initialize(t.Context(), req); err != nil {
			t.Fatalf("%s: %v", tc.discover, err)
		}
		if c.ProtocolVersion() != tc.version || slices.Contains(g.methods, "initialize") != tc.initialize {
			t.Errorf("discover %s: version %s, methods %v", tc.discover, c.ProtocolVersion(), g.methods)
		}
	}
}
