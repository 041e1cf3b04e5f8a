package mcp

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/mcpauth"
	"github.com/honecode/hone/internal/pubsub"
)

// Defaults of the per-server timeouts.
const (
	DefaultStartTimeout = 30 * time.Second
	DefaultCallTimeout  = 60 * time.Second
)

// server is one configured MCP server and its current connection.
type server struct {
	m            *Manager
	name         string
	cfg          config.MCPServer
	transport    string
	filter       toolFilter
	startTimeout time.Duration
	callTimeout  time.Duration
	auth         *mcpauth.Client // nil: no OAuth (stdio, or own Authorization header)

	// sem is held while (re)connecting, so concurrent calls to a server
	// that exited restart it once.
	sem       chan struct{}
	refreshMu sync.Mutex    // serializes tool list refreshes
	ready     chan struct{} // closed when the first start attempt ended
	readyOnce sync.Once

	mu           sync.Mutex
	status       Status
	conn         *conn
	instructions string
	tools        map[string]*tool // registered, by registry name
	backoff      backoff
	closed       bool
}

func newServer(m *Manager, name string, cfg config.MCPServer) *server {
	s := &server{
		m: m, name: name, cfg: cfg, transport: transportOf(cfg),
		filter:       toolFilter{enabled: cfg.EnabledTools, disabled: cfg.DisabledTools},
		startTimeout: seconds(cfg.Timeout, DefaultStartTimeout),
		callTimeout:  seconds(cfg.CallTimeout, DefaultCallTimeout),
		sem:          make(chan struct{}, 1),
		ready:        make(chan struct{}),
	}
	s.auth = s.authClient()
	s.status = Status{Name: name, Transport: s.transport, State: StateStarting}
	if cfg.Disabled {
		s.status.State = StateDisabled
		s.markReady()
	}
	return s
}

// transportOf is the configured type, defaulting to http when a URL is set
// and stdio otherwise.
func transportOf(cfg config.MCPServer) string {
	switch {
	case cfg.Type != "":
		return cfg.Type
	case cfg.URL != "":
		return TransportHTTP
	}
	return TransportStdio
}

func seconds(n int, def time.Duration) time.Duration {
	if n <= 0 {
		return def
	}
	return time.Duration(n) * time.Second
}

func (s *server) markReady() { s.readyOnce.Do(func() { close(s.ready) }) }

// start makes the first connection attempt.
func (s *server) start(life context.Context) {
	defer s.markReady()
	s.sem <- struct{}{}
	defer func() { <-s.sem }()
	c, list, err := s.connect(life)
	if err != nil {
		s.fail(err)
		return
	}
	s.install(life, c, list)
}

// connect dials and opens a connection within the start timeout.
func (s *server) connect(life context.Context) (*conn, []mcp.Tool, error) {
	ctx, cancel := context.WithTimeout(life, s.startTimeout)
	defer cancel()
	c, list, err := s.tryConnect(ctx, life, true)
	if err != nil && s.transport != TransportSSE && errors.Is(err, mcp.ErrMethodNotFound) {
		// A server that only speaks the stateless protocol.
		c, list, err = s.tryConnect(ctx, life, false)
	}
	if err != nil && ctx.Err() == context.DeadlineExceeded && life.Err() == nil {
		err = fmt.Errorf("no answer within the start timeout (%s): %w", s.startTimeout, err)
	}
	return c, list, err
}

func (s *server) tryConnect(ctx, life context.Context, legacy bool) (*conn, []mcp.Tool, error) {
	c, err := s.dial(legacy)
	if err != nil {
		return nil, nil, err
	}
	c.client.OnNotification(func(n mcp.JSONRPCNotification) {
		// A new subscription may have missed a change made since the
		// tools were listed: list them again then too.
		switch n.Method {
		case string(mcp.MethodNotificationToolsListChanged), string(mcp.MethodNotificationSubscriptionsAcknowledged):
			s.m.spawn(func() { s.refresh(life, c) })
		}
	})
	abort := context.AfterFunc(ctx, c.close)
	list, err := c.open(ctx, life, s.m.opts.Version)
	if !abort() && err == nil {
		err = ctx.Err()
	}
	if err != nil {
		err = c.explain(err)
		c.close()
		return nil, nil, err
	}
	return c, list, nil
}

// install adopts a freshly opened connection: registers its tools, starts
// watching for the process exiting and subscribes to tool list changes.
func (s *server) install(life context.Context, c *conn, list []mcp.Tool) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		c.close()
		return
	}
	c.since = time.Now()
	s.conn = c
	s.instructions = c.info.Instructions
	s.applyToolsLocked(list)
	s.mu.Unlock()
	close(c.installed)
	s.m.log().Info("mcp server connected", "server", s.name, "tools", len(list))
	if exited := c.exited(); exited != nil {
		s.m.spawn(func() {
			select {
			case <-exited:
				s.lost(c, c.proc.ExitReason())
			case <-c.closed:
			}
		})
	}
	c.listen(life, func(err error) {
		s.m.log().Warn("mcp tool list subscription", "server", s.name, "err", err)
	})
}

// applyToolsLocked registers the allowed tools of list, removes the ones
// gone, and publishes the connected state. s.mu is held.
func (s *server) applyToolsLocked(list []mcp.Tool) {
	built := make(map[string]*tool, len(list))
	for _, t := range list {
		if s.filter.allows(t.Name) {
			tl := newTool(s, t)
			built[tl.info.Name] = tl
		}
	}
	if reg := s.m.opts.Registry; reg != nil {
		for _, t := range built {
			reg.Add(t)
		}
		for name := range s.tools {
			if _, ok := built[name]; !ok {
				reg.Remove(name)
			}
		}
	}
	s.tools = built
	s.status.Tools = slices.Sorted(maps.Keys(built))
	s.setStateLocked(StateConnected, "")
}

// removeToolsLocked unregisters every tool of the server. s.mu is held.
func (s *server) removeToolsLocked() {
	if reg := s.m.opts.Registry; reg != nil {
		for name := range s.tools {
			reg.Remove(name)
		}
	}
	s.tools = nil
	s.status.Tools = nil
}

// setStateLocked records and publishes a state. s.mu is held, so events
// go out in the order of the changes.
func (s *server) setStateLocked(st State, reason string) {
	s.status.State, s.status.Error = st, reason
	s.m.broker.Publish(pubsub.Updated, s.status.clone())
}

func (s *server) setState(st State, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.setStateLocked(st, reason)
}

// fail records a failed (re)start: the server offers no tools.
func (s *server) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.removeToolsLocked()
	s.instructions = ""
	s.setStateLocked(stateOf(err), loginReason(err))
	s.m.log().Warn("mcp server failed", "server", s.name, "err", err)
}

// lost records that connection c went away (the process exited, or the
// transport broke). Its tools stay registered: the next call restarts the
// server.
func (s *server) lost(c *conn, reason string) {
	s.mu.Lock()
	if s.conn != c || s.closed {
		s.mu.Unlock()
		return
	}
	s.conn = nil
	s.backoff.lost(time.Since(c.since))
	s.setStateLocked(StateFailed, reason)
	s.mu.Unlock()
	s.m.log().Warn("mcp server lost", "server", s.name, "reason", reason)
	c.close()
}

// shutdown closes the connection for good and unregisters the tools.
func (s *server) shutdown() {
	s.mu.Lock()
	s.closed = true
	c := s.conn
	s.conn = nil
	s.removeToolsLocked()
	s.mu.Unlock()
	if c != nil {
		c.close()
	}
}
