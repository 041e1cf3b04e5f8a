package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/pubsub"
)

// stopGrace bounds each step of stopping a server: the shutdown request,
// then waiting for the exit, then SIGTERM, before the group is killed.
const stopGrace = time.Second

// client is one running language server for one workspace root.
type client struct {
	m    *Manager
	spec spec
	root string

	ready    chan struct{} // closed when the start attempt ended
	dead     chan struct{} // closed when the server is gone
	deadOnce sync.Once
	failures int // consecutive failed starts or crashes, for backoff

	// ctx is the server's lifetime; cancel ends it (the connection closes).
	ctx    context.Context
	cancel context.CancelFunc

	// Set by start before ready is closed.
	proc     *procgroup.Process
	conn     *jsonrpc2.Conn
	startErr error

	docMu sync.Mutex // serializes document notifications

	mu       sync.Mutex
	caps     capabilities
	status   Status
	docs     map[string]*document
	diags    map[string]*published
	seq      uint64        // count of diagnostics and progress events
	wake     chan struct{} // closed and replaced on every event
	progress map[string]bool
	lastAt   time.Time // time of the last event
	readyAt  time.Time
	failedAt time.Time
	closing  bool
}

func newClient(life context.Context, m *Manager, sp spec, root string, failures int) *client {
	ctx, cancel := context.WithCancel(life)
	return &client{
		m: m, spec: sp, root: root, failures: failures, ctx: ctx, cancel: cancel,
		ready: make(chan struct{}), dead: make(chan struct{}), wake: make(chan struct{}),
		docs: map[string]*document{}, diags: map[string]*published{}, progress: map[string]bool{},
		status: Status{Name: sp.name, Command: sp.cfg.Command, Filetypes: sp.filetypes, Root: root,
			State: StateStarting, Detected: sp.detected},
	}
}

// start launches the server and runs the initialize handshake within the
// spec's timeout.
func (c *client) start() {
	defer close(c.ready)
	if err := c.launch(c.ctx); err != nil {
		c.startErr = err
		c.gone(err.Error())
		return
	}
	c.mu.Lock()
	c.readyAt = time.Now()
	c.lastAt = c.readyAt // settle waits from here for the first events
	c.status.Diagnostics = DiagnosticsPush
	if c.caps.pull {
		c.status.Diagnostics = DiagnosticsPull
	}
	c.setStateLocked(StateReady, "")
	c.mu.Unlock()
}

func (c *client) launch(life context.Context) error {
	if c.spec.cfg.Command == "" {
		return errors.New("no command configured")
	}
	p, err := procgroup.Start(c.m.opts.Launcher, c.spec.cfg.Command, c.spec.cfg.Args, procgroup.MergeEnv(baseEnv(c.m.opts.Env), c.spec.cfg.Env), c.root)
	if err != nil {
		return err
	}
	c.proc = p
	stream := jsonrpc2.NewBufferedStream(pipes{p}, jsonrpc2.VSCodeObjectCodec{})
	c.conn = jsonrpc2.NewConn(life, stream, jsonrpc2.HandlerWithError(c.handle).SuppressErrClosed(),
		jsonrpc2.SetLogger(rpcLogger{c.m.opts.Logger}))
	c.m.spawn(c.watch)
	var raw json.RawMessage
	params := initializeParams(c.root, c.m.opts.Version, c.spec.cfg.InitOptions)
	if err := c.call(life, "initialize", params, &raw); err != nil {
		return c.explain(fmt.Errorf("initialize: %w", err))
	}
	caps := parseCapabilities(raw)
	c.mu.Lock()
	caps.pull = caps.pull || c.caps.pull // registered while initializing
	c.caps = caps
	c.mu.Unlock()
	return c.notify(life, "initialized", struct{}{})
}

// capabilities returns what the server offers.
func (c *client) capabilities() capabilities {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.caps
}

// explain prefers how the process ended, when it did, to err.
func (c *client) explain(err error) error {
	if c.proc != nil && c.proc.WaitExit(200*time.Millisecond) {
		return errors.New(c.proc.ExitReason())
	}
	return err
}

// watch reports the server as failed when its process exits or its
// connection drops, unless Hone is stopping it.
func (c *client) watch() {
	select {
	case <-c.proc.Done():
		c.gone(c.proc.ExitReason())
	case <-c.conn.DisconnectNotify():
		c.gone(c.explain(errors.New("connection closed")).Error())
	case <-c.dead:
	}
}

// gone marks the server failed for reason and kills what is left of it.
func (c *client) gone(reason string) {
	c.mu.Lock()
	closing := c.closing
	if !closing && c.status.State != StateFailed {
		c.failedAt = time.Now()
		c.setStateLocked(StateFailed, reason)
		c.m.opts.Logger.Warn("language server failed", "server", c.spec.name, "root", c.root, "reason", reason)
	}
	c.mu.Unlock()
	c.deadOnce.Do(func() { close(c.dead) })
	if !closing && c.proc != nil {
		c.proc.Kill()
	}
}

// isDead reports whether the server is gone.
func (c *client) isDead() bool {
	select {
	case <-c.dead:
		return true
	default:
		return false
	}
}

// setStateLocked records and publishes a state; c.mu is held.
func (c *client) setStateLocked(st State, reason string) {
	c.status.State, c.status.Error = st, reason
	c.m.broker.Publish(pubsub.Updated, c.status)
}

// stop shuts a ready server down politely (shutdown, exit) and abandons
// a starting one, then stops the process group.
func (c *client) stop() {
	c.mu.Lock()
	c.closing = true
	c.mu.Unlock()
	defer c.cancel()
	select {
	case <-c.ready:
	default:
		c.cancel() // the handshake fails at once
		<-c.ready
	}
	if c.conn != nil && !c.isDead() {
		ctx, cancel := context.WithTimeout(c.ctx, stopGrace)
		if c.call(ctx, "shutdown", nil, nil) == nil {
			_ = c.notify(ctx, "exit", nil)
		}
		cancel()
		_ = c.conn.Close()
	}
	if c.proc != nil {
		c.proc.Stop(stopGrace)
	}
	c.deadOnce.Do(func() { close(c.dead) })
}

// nextFailures is the failure count a replacement of c starts with: one
// more, unless c had stayed up for a minute.
func (c *client) nextFailures() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.readyAt.IsZero() && c.failedAt.Sub(c.readyAt) >= time.Minute {
		return 0
	}
	return c.failures + 1
}

// retryable reports whether a failed server may be started again: after
// 1 s, doubling with every consecutive failure up to a minute.
func (c *client) retryable(now time.Time) bool {
	if !c.isDead() {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return false
	}
	return now.Sub(c.failedAt) >= min(time.Second<<min(c.failures, 6), time.Minute)
}

// statusOf returns the current status.
func (c *client) statusOf() Status {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.status
}
