package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// ErrNotLoopback is returned for an --http address that other machines
// could reach: the server runs code for its callers and has no
// authentication, so it listens on loopback only.
var ErrNotLoopback = errors.New("the MCP server listens on loopback addresses only (127.0.0.1, ::1 or localhost)")

// Endpoint is the path of the streamable HTTP endpoint.
const Endpoint = "/mcp"

// ServeStdio serves srv over in and out until in ends or ctx ends.
func ServeStdio(ctx context.Context, srv *server.MCPServer, in io.Reader, out io.Writer, errLog io.Writer) error {
	s := server.NewStdioServer(srv)
	s.SetErrorLogger(log.New(errLog, "hone: mcp serve: ", 0))
	err := s.Listen(ctx, in, out)
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// ListenLoopback listens on addr ("127.0.0.1:PORT", "[::1]:PORT",
// "localhost:PORT"; port 0 picks one), refusing any other host.
func ListenLoopback(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--http %q: want HOST:PORT, like 127.0.0.1:8765: %w", addr, err)
	}
	if !isLoopback(host) {
		return nil, fmt.Errorf("--http %q: %w", addr, ErrNotLoopback)
	}
	if strings.EqualFold(host, "localhost") {
		addr = net.JoinHostPort("127.0.0.1", addr[strings.LastIndex(addr, ":")+1:])
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--http %s: %w", addr, err)
	}
	return ln, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback() && ip.Zone() == ""
}

// ServeHTTP serves srv as streamable HTTP at Endpoint on ln until ctx
// ends, then shuts down, cancelling the calls still running.
func ServeHTTP(ctx context.Context, srv *server.MCPServer, ln net.Listener) error {
	h := server.NewStreamableHTTPServer(srv, server.WithEndpointPath(Endpoint))
	mux := http.NewServeMux()
	mux.Handle(Endpoint, h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return ctx }}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	err := errors.Join(h.Shutdown(sctx), hs.Shutdown(sctx))
	if serr := <-served; !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	return err
}
