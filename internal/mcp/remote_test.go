package mcp_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/honecode/hone/internal/artifact"
	"github.com/honecode/hone/internal/config"
	hmcp "github.com/honecode/hone/internal/mcp"
)

// pngPixel is a 1×1 PNG.
var pngPixel = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

// testServer is an in-process MCP server with tools covering every kind
// of result.
func testServer() *server.MCPServer {
	s := server.NewMCPServer("test", "1.0", server.WithToolCapabilities(true),
		server.WithInstructions("Prefer add over mental arithmetic."))
	s.AddTool(mcp.NewTool("add", mcp.WithDescription("Adds two numbers."),
		mcp.WithNumber("a", mcp.Required()), mcp.WithNumber("b", mcp.Required())),
		func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(fmt.Sprintf("%g", req.GetFloat("a", 0)+req.GetFloat("b", 0))), nil
		})
	s.AddTool(mcp.NewTool("fail"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError("the disk is full"), nil
	})
	s.AddTool(mcp.NewTool("big"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(strings.Repeat("0123456789", 30_000)), nil
	})
	s.AddTool(mcp.NewTool("picture"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultImage("a pixel", base64.StdEncoding.EncodeToString(pngPixel), "image/png"), nil
	})
	s.AddTool(mcp.NewTool("resources"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{
			mcp.NewEmbeddedResource(mcp.TextResourceContents{URI: "file:///notes.md", MIMEType: "text/markdown", Text: "# Notes"}),
			mcp.NewEmbeddedResource(mcp.BlobResourceContents{URI: "file:///data.bin", MIMEType: "application/octet-stream", Blob: "AAEC"}),
			mcp.NewResourceLink("file:///big.log", "big.log", "the server log", "text/plain"),
		}}, nil
	})
	s.AddTool(mcp.NewTool("slow"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		select {
		case <-ctx.Done():
		case <-time.After(30 * time.Second):
		}
		return mcp.NewToolResultText("late"), nil
	})
	return s
}

// requireToken rejects requests without the bearer token, so the tests
// prove that configured headers are sent.
func requireToken(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer s3cret" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// serveHTTP serves s over streamable HTTP on 127.0.0.1.
func serveHTTP(t *testing.T, s *server.MCPServer) string {
	mux := http.NewServeMux()
	mux.Handle("/mcp", requireToken(server.NewStreamableHTTPServer(s)))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts.URL + "/mcp"
}

// serveSSE serves s over the HTTP+SSE transport on 127.0.0.1.
func serveSSE(t *testing.T, s *server.MCPServer) string {
	ts := httptest.NewServer(requireToken(server.NewSSEServer(s)))
	t.Cleanup(ts.Close)
	return ts.URL + "/sse"
}

var auth = map[string]string{"Authorization": "Bearer s3cret"}

func TestRemoteTransports(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  func(t *testing.T) config.MCPServer
	}{
		{"http", func(t *testing.T) config.MCPServer {
			return config.MCPServer{URL: serveHTTP(t, testServer()), Headers: auth}
		}},
		{"sse", func(t *testing.T) config.MCPServer {
			return config.MCPServer{Type: "sse", URL: serveSSE(t, testServer()), Headers: auth}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := start(t, map[string]config.MCPServer{"calc": tc.cfg(t)})
			st := f.connected(t, "calc")
			if st.Transport != tc.name || len(st.Tools) != 6 {
				t.Errorf("status %+v", st)
			}
			res := f.run(t, "mcp_calc_add", `{"a": 20, "b": 22}`)
			if res.IsError || res.Content != "42" {
				t.Errorf("add: %+v", res)
			}
			res = f.run(t, "mcp_calc_fail", `{}`)
			if !res.IsError || res.Content != "the disk is full" {
				t.Errorf("fail: %+v", res)
			}
			res = f.run(t, "mcp_calc_picture", `{}`)
			if len(res.Images) != 1 || string(res.Images[0].Data) != string(pngPixel) {
				t.Errorf("picture: %+v", res)
			}
			contains(t, f.m.Instructions(), "Prefer add over mental arithmetic.")
		})
	}
}

func TestRemoteBadToken(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{
		"calc": {URL: serveHTTP(t, testServer()), Headers: map[string]string{"Authorization": "Bearer wrong"}},
	})
	st := f.status(t, "calc")
	if st.State != hmcp.StateFailed {
		t.Fatalf("status %+v", st)
	}
	contains(t, st.Error, "authorization required")
}

func TestResultConversion(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"calc": {URL: serveHTTP(t, testServer()), Headers: auth}})

	f.reg.SetArtifacts(artifact.New(t.TempDir(), 0))
	res := f.run(t, "mcp_calc_big", `{}`)
	if len(res.Content) > 101_000 {
		t.Errorf("big output not cut: %d bytes", len(res.Content))
	}
	contains(t, res.Content, "[output cut: showing the first 97.7 KiB of 293.0 KiB.]")
	contains(t, res.Content, "is saved at "+res.Artifact)
	if whole, err := os.ReadFile(res.Artifact); err != nil || len(whole) != 300_000 {
		t.Errorf("saved output: %d bytes, %v; want all 300000", len(whole), err)
	}

	res = f.run(t, "mcp_calc_resources", `{}`)
	contains(t, res.Content, "[resource file:///notes.md (text/markdown)]\n# Notes")
	contains(t, res.Content, "[binary resource file:///data.bin (application/octet-stream, 4 base64 bytes) omitted]")
	contains(t, res.Content, "[resource link: big.log <file:///big.log> (text/plain): the server log]")
}

func TestRemoteCallTimeout(t *testing.T) {
	t.Parallel()
	f := start(t, map[string]config.MCPServer{"calc": {URL: serveHTTP(t, testServer()), Headers: auth, CallTimeout: 1}})
	begin := time.Now()
	res := f.run(t, "mcp_calc_slow", `{}`)
	if !res.IsError || time.Since(begin) > 10*time.Second {
		t.Fatalf("slow: %+v after %s", res, time.Since(begin))
	}
	contains(t, res.Content, "timed out after 1s")
	if res := f.run(t, "mcp_calc_add", `{"a": 1, "b": 1}`); res.Content != "2" {
		t.Errorf("after a timeout: %+v", res)
	}
}

// A tools/list_changed notification refreshes the registered tools.
func TestToolListChanged(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"http", "sse"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s := testServer()
			cfg := config.MCPServer{URL: serveHTTP(t, s), Headers: auth}
			if kind == "sse" {
				cfg = config.MCPServer{Type: "sse", URL: serveSSE(t, s), Headers: auth}
			}
			f := start(t, map[string]config.MCPServer{"calc": cfg})
			events := f.m.Subscribe(t.Context())
			s.AddTool(mcp.NewTool("mul"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultText("product"), nil
			})
			s.DeleteTools("fail")
			waitFor(t, func() bool {
				_, added := f.reg.Get("mcp_calc_mul")
				_, removed := f.reg.Get("mcp_calc_fail")
				return added && !removed
			}, events)
			if res := f.run(t, "mcp_calc_mul", `{}`); res.Content != "product" {
				t.Errorf("mul: %+v", res)
			}
		})
	}
}
