package mcp

import (
	"context"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// Tracer records a JSON-RPC message exchanged with server (--trace-mcp):
// dir is "request", "response", "notification" or "error", msg the
// message (or the error).
type Tracer func(ctx context.Context, server, dir string, msg any)

// traced wraps tr so that its messages reach the manager's Tracer; tr
// itself when tracing is off. The optional interfaces mcp-go looks for
// stay as they were.
func (s *server) traced(tr transport.Interface) transport.Interface {
	t := s.m.opts.Trace
	if t == nil {
		return tr
	}
	w := tracedTransport{Interface: tr, trace: t, name: s.name}
	if h, ok := tr.(transport.HTTPConnection); ok {
		return tracedHTTP{w, h}
	}
	return w
}

type tracedTransport struct {
	transport.Interface
	trace Tracer
	name  string
}

// SendRequest records the request and its answer.
func (t tracedTransport) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	t.trace(ctx, t.name, "request", req)
	res, err := t.Interface.SendRequest(ctx, req)
	if err != nil {
		t.trace(ctx, t.name, "error", err)
	} else {
		t.trace(ctx, t.name, "response", res)
	}
	return res, err
}

// SendNotification records an outgoing notification.
func (t tracedTransport) SendNotification(ctx context.Context, n mcp.JSONRPCNotification) error {
	t.trace(ctx, t.name, "notification", n)
	return t.Interface.SendNotification(ctx, n)
}

// SetNotificationHandler records the server's notifications before
// handler sees them.
func (t tracedTransport) SetNotificationHandler(handler func(mcp.JSONRPCNotification)) {
	t.Interface.SetNotificationHandler(func(n mcp.JSONRPCNotification) {
		t.trace(context.Background(), t.name, "notification", n)
		handler(n)
	})
}

// SetRequestHandler forwards server-to-client requests (elicitation).
func (t tracedTransport) SetRequestHandler(h transport.RequestHandler) {
	if b, ok := t.Interface.(transport.BidirectionalInterface); ok {
		b.SetRequestHandler(func(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
			t.trace(ctx, t.name, "request", req)
			res, err := h(ctx, req)
			if err == nil {
				t.trace(ctx, t.name, "response", res)
			}
			return res, err
		})
	}
}

// tracedHTTP is tracedTransport over an HTTP transport.
type tracedHTTP struct {
	tracedTransport
	http transport.HTTPConnection
}

// SetProtocolVersion forwards the negotiated version to the transport.
func (t tracedHTTP) SetProtocolVersion(v string) { t.http.SetProtocolVersion(v) }
