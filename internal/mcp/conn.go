package mcp

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/procgroup"
)

// stopGrace is how long a stdio server gets to exit after its stdin
// closes, and again after SIGTERM, before its group is killed.
const stopGrace = time.Second

// conn is one connection to a server (for stdio, one process).
type conn struct {
	client *client.Client
	proc   *procgroup.Process // stdio only
	info   *mcp.InitializeResult
	// installed is closed once the server adopted this connection;
	// closed once it was shut down.
	installed chan struct{}
	closed    chan struct{}
	once      sync.Once
	since     time.Time

	mu         sync.Mutex
	stopListen func()
}

// newConn builds the client of a connection over tr (see compat.go for
// the guard around it).
func (s *server) newConn(tr transport.Interface, p *procgroup.Process, opts ...client.ClientOption) *conn {
	if s.m.opts.Elicit != nil {
		opts = append(opts, client.WithElicitationHandler(elicitor{s}))
	}
	c := client.NewClient(guardDiscover(s.traced(tr)), opts...)
	return &conn{client: c, proc: p, installed: make(chan struct{}), closed: make(chan struct{})}
}

// dial builds the connection of a server's transport; for stdio it starts
// the process. legacy pins the handshake to initialize, which every
// current server speaks, instead of first probing server/discover for the
// stateless protocol: a server that ignores the probe would cost its
// timeout, and one that answers unknown methods generically would pass
// for a stateless server (see also compat.go). Over streamable HTTP a
// legacy connection also keeps the GET stream open, on which servers send
// notifications and requests (elicitation) outside of a call.
func (s *server) dial(legacy bool) (*conn, error) {
	var opts []client.ClientOption
	if legacy {
		opts = append(opts, client.WithProtocolVersion(mcp.LATEST_LEGACY_PROTOCOL_VERSION))
	}
	switch s.transport {
	case TransportStdio:
		if s.cfg.Command == "" {
			return nil, errors.New("no command configured")
		}
		p, err := procgroup.Start(s.m.opts.Launcher, s.cfg.Command, s.cfg.Args, procgroup.MergeEnv(baseEnv(s.m.opts.Env), s.cfg.Env), s.m.opts.WorkDir)
		if err != nil {
			return nil, err
		}
		return s.newConn(transport.NewIO(p.Stdout, p.Stdin, nil), p, opts...), nil
	case TransportHTTP:
		httpOpts := []transport.StreamableHTTPCOption{
			transport.WithHTTPHeaders(s.cfg.Headers), transport.WithHTTPBasicClient(s.httpClient()),
			transport.WithHTTPLogger(s.m.log()),
		}
		if legacy {
			//lint:ignore SA1019 deprecated only for the stateless protocol; legacy connections need the GET stream
			httpOpts = append(httpOpts, transport.WithContinuousListening())
		}
		tr, err := transport.NewStreamableHTTP(s.cfg.URL, httpOpts...)
		if err != nil {
			return nil, fmt.Errorf("http transport: %w", err)
		}
		return s.newConn(tr, nil, opts...), nil
	case TransportSSE:
		tr, err := transport.NewSSE(s.cfg.URL, transport.WithHeaders(s.cfg.Headers),
			transport.WithHTTPClient(s.httpClient()))
		if err != nil {
			return nil, fmt.Errorf("sse transport: %w", err)
		}
		return s.newConn(tr, nil, opts...), nil
	}
	return nil, fmt.Errorf("unknown transport %q", s.transport)
}

// open starts the transport (bound to life, which outlasts the start),
// runs the handshake and lists the tools, each bounded by ctx.
func (c *conn) open(ctx, life context.Context, version string) ([]mcp.Tool, error) {
	if err := c.client.Start(life); err != nil {
		return nil, fmt.Errorf("start transport: %w", err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ClientInfo = mcp.Implementation{Name: "hone", Version: version}
	info, err := c.client.Initialize(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	c.info = info
	if info.Capabilities.Tools == nil {
		return nil, nil
	}
	return c.listTools(ctx)
}

func (c *conn) listTools(ctx context.Context) ([]mcp.Tool, error) {
	res, err := c.client.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return nil, fmt.Errorf("list tools: %w", err)
	}
	return res.Tools, nil
}

// listen opens the tools-changed subscription on connections speaking the
// stateless protocol; older protocols deliver the notification unasked.
func (c *conn) listen(life context.Context, onError func(error)) {
	caps := c.info.Capabilities.Tools
	if caps == nil || !caps.ListChanged || !mcp.IsModernProtocol(c.client.ProtocolVersion()) {
		return
	}
	stop, err := c.client.ListenAsync(life, mcp.SubscriptionFilter{ToolsListChanged: true}, onError)
	if err != nil {
		onError(err)
		return
	}
	c.mu.Lock()
	select {
	case <-c.closed:
		c.mu.Unlock()
		stop()
	default:
		c.stopListen = stop
		c.mu.Unlock()
	}
}

// close shuts the connection down; for stdio it stops the process group.
// It is idempotent and returns once everything is released.
func (c *conn) close() {
	c.once.Do(func() {
		c.mu.Lock()
		close(c.closed)
		stop := c.stopListen
		c.mu.Unlock()
		if stop != nil {
			stop()
		}
		_ = c.client.Close()
		if c.proc != nil {
			c.proc.Stop(stopGrace)
		}
	})
}

// exited is closed when a stdio server's process ends; nil (never ready)
// for HTTP transports.
func (c *conn) exited() <-chan struct{} {
	if c.proc == nil {
		return nil
	}
	return c.proc.Done()
}

// explain turns a failure seen while talking to the server into the
// reason to report: for a stdio server that has exited (or exits within a
// moment), how it exited and its last stderr lines.
func (c *conn) explain(err error) error {
	if c.proc == nil {
		return err
	}
	if c.proc.WaitExit(300 * time.Millisecond) {
		return errors.New(c.proc.ExitReason())
	}
	if tail := c.proc.StderrTail(2); tail != "" {
		return fmt.Errorf("%w (stderr: %s)", err, tail)
	}
	return err
}
