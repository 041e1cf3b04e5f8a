package mcp

// This file is the one place where Hone works around gaps of mcp-go
// (v1.2.1). Each workaround says what it fixes; drop it when mcp-go does.
//
//  1. Ambiguous server/discover answers. mcp-go's Initialize probes
//     server/discover and takes any successful answer for a server of the
//     stateless protocol (2026-07-28). A legacy server that answers every
//     unknown method with an empty result ({}) is then spoken to without the
//     initialize handshake, and offers nothing. discoverGuard turns a
//     discover answer without a modern entry in supportedVersions into
//     "method not found", so the client falls back to initialize.
//  2. Streams that break off. mcp-go resumes a response stream with
//     Last-Event-ID, after the server's retry delay, only when the server
//     ended it; a stream cut by a network fault fails the call. resumableSSE
//     makes a read error of an SSE response body read as the end of the
//     stream, so both cases are resumed the same way (the transport checks
//     its own context first, so a cancelled call still ends).

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// guardDiscover wraps tr in discoverGuard, keeping the optional interfaces
// mcp-go looks for: HTTP transports stay HTTP connections (protocol
// version header, no stdio-style cancel notifications).
func guardDiscover(tr transport.Interface) transport.Interface {
	g := discoverGuard{tr}
	if h, ok := tr.(transport.HTTPConnection); ok {
		return httpDiscoverGuard{g, h}
	}
	return g
}

// discoverGuard passes everything through to the wrapped transport and
// checks server/discover answers (workaround 1).
type discoverGuard struct{ transport.Interface }

// SendRequest sends request and, for server/discover, replaces an answer
// that names no modern protocol version by a method-not-found error.
func (g discoverGuard) SendRequest(ctx context.Context, request transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	res, err := g.Interface.SendRequest(ctx, request)
	if err != nil || res == nil || res.Error != nil || request.Method != string(mcp.MethodServerDiscover) {
		return res, err
	}
	if modernDiscover(res.Result) {
		return res, nil
	}
	out := transport.NewJSONRPCErrorResponse(res.ID, mcp.METHOD_NOT_FOUND,
		"server/discover answer names no supported protocol version", nil)
	return out, nil
}

// SetRequestHandler forwards server-to-client requests (elicitation) when
// the wrapped transport carries them.
func (g discoverGuard) SetRequestHandler(h transport.RequestHandler) {
	if b, ok := g.Interface.(transport.BidirectionalInterface); ok {
		b.SetRequestHandler(h)
	}
}

// httpDiscoverGuard is discoverGuard over an HTTP transport.
type httpDiscoverGuard struct {
	discoverGuard
	http transport.HTTPConnection
}

// SetProtocolVersion forwards the negotiated version to the transport.
func (g httpDiscoverGuard) SetProtocolVersion(v string) { g.http.SetProtocolVersion(v) }

// modernDiscover reports whether result is a real DiscoverResult: one
// whose supportedVersions lists a stateless-protocol version.
func modernDiscover(result json.RawMessage) bool {
	var r struct {
		SupportedVersions []string `json:"supportedVersions"`
	}
	if json.Unmarshal(result, &r) != nil {
		return false
	}
	return slices.ContainsFunc(r.SupportedVersions, mcp.IsModernProtocol)
}

// resumableSSE is an http.RoundTripper whose SSE response bodies end
// cleanly (io.EOF) where the connection broke (workaround 2).
type resumableSSE struct{ next http.RoundTripper }

// RoundTrip sends req and wraps an event-stream response body.
func (r resumableSSE) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := r.next.RoundTrip(req)
	if err != nil {
		return res, err
	}
	if mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); mt == "text/event-stream" {
		res.Body = &eofOnBreak{ReadCloser: res.Body, ctx: req.Context()}
	}
	return res, nil
}

// eofOnBreak reports a broken read as the end of the stream, unless the
// request's own context ended.
type eofOnBreak struct {
	io.ReadCloser
	ctx context.Context
}

func (b *eofOnBreak) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && !errors.Is(err, io.EOF) && b.ctx.Err() == nil {
		err = io.EOF
	}
	return n, err
}
