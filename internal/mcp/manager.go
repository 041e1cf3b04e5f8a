package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/tools"
)

// Errors of the manager.
var (
	// ErrNotStarted is returned by WaitReady before Start.
	ErrNotStarted = errors.New("mcp manager not started")
	// ErrClosed is returned by calls after Close.
	ErrClosed = errors.New("mcp manager closed")
)

// maxInstructions bounds one server's instructions in the system prompt.
const maxInstructions = 16 << 10

// Options configure a Manager.
type Options struct {
	// Servers are the config's `mcp` entries by name.
	Servers map[string]config.MCPServer
	// Registry receives the tools of connected servers (nil: tools are
	// only listed in the states, as `hone mcp list` needs).
	Registry *tools.Registry
	// Perms is asked (action execute) before every tool call; nil denies.
	Perms tools.Asker
	// WorkDir is the working directory of stdio servers.
	WorkDir string
	// Version is Hone's version, sent to servers as the client version.
	Version string
	Logger  *slog.Logger
	// Launcher starts server processes so that they die with Hone (nil:
	// started directly).
	Launcher *procgroup.Launcher
	// Env is the environment servers start from (the allowlisted one;
	// nil: Hone's own); each server's configured env is set on top.
	Env []string
	// Elicit answers servers' requests for user input; nil declines to
	// offer elicitation at all.
	Elicit ElicitFunc
	// Auth configures OAuth for http and sse servers (nil: servers that
	// require authorization are reported as needing login).
	Auth *AuthOptions
	// Trace, when set, records every JSON-RPC message (--trace-mcp).
	Trace Tracer
}

// Manager owns the connections to every configured MCP server.
type Manager struct {
	opts    Options
	servers []*server // sorted by name
	broker  *pubsub.Broker[Status]

	mu      sync.Mutex
	life    context.Context
	cancel  context.CancelFunc
	started bool
	closed  bool
	wg      sync.WaitGroup
}

// New builds a manager for opts; it starts nothing (see Start).
func New(opts Options) *Manager {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	m := &Manager{opts: opts, broker: pubsub.NewBroker[Status]()}
	names := make([]string, 0, len(opts.Servers))
	for name := range opts.Servers {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		m.servers = append(m.servers, newServer(m, name, opts.Servers[name]))
	}
	return m
}

// Start connects every enabled server concurrently in the background and
// returns at once. ctx bounds the servers' lifetime; Close ends it too.
// Calling Start again, or after Close, does nothing.
func (m *Manager) Start(ctx context.Context) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.started || m.closed {
		return
	}
	m.started = true
	m.life, m.cancel = context.WithCancel(ctx)
	for _, s := range m.servers {
		if s.cfg.Disabled {
			continue
		}
		m.wg.Add(1)
		go func() {
			defer m.wg.Done()
			s.start(m.life)
		}()
	}
}

// WaitReady waits until every server's first start attempt has ended
// (connected or failed: see States), each bounded by its start timeout,
// or until ctx ends. hone run calls it before the first turn.
func (m *Manager) WaitReady(ctx context.Context) error {
	m.mu.Lock()
	started := m.started
	m.mu.Unlock()
	if !started {
		return ErrNotStarted
	}
	for _, s := range m.servers {
		select {
		case <-s.ready:
		case <-ctx.Done():
			return fmt.Errorf("wait for mcp servers: %w", ctx.Err())
		}
	}
	return nil
}

// States returns a snapshot of every server, sorted by name.
func (m *Manager) States() []Status {
	out := make([]Status, 0, len(m.servers))
	for _, s := range m.servers {
		s.mu.Lock()
		out = append(out, s.status.clone())
		s.mu.Unlock()
	}
	return out
}

// Subscribe returns every state change (pubsub.Updated with the server's
// full Status) until ctx ends or the manager closes. Delivery is lossy
// for slow readers, like every broker; each event carries the full state.
func (m *Manager) Subscribe(ctx context.Context) <-chan pubsub.Event[Status] {
	return m.broker.Subscribe(ctx)
}

// Instructions returns the instructions of the servers whose tools are
// offered, one section per server, for the system prompt ("" for none).
func (m *Manager) Instructions() string {
	var b strings.Builder
	for _, s := range m.servers {
		s.mu.Lock()
		text, offered := strings.TrimSpace(s.instructions), len(s.tools) > 0
		s.mu.Unlock()
		if text == "" || !offered {
			continue
		}
		fmt.Fprintf(&b, "## MCP server %q\n\n%s\n\n", s.name, clip(text, maxInstructions))
	}
	return strings.TrimSpace(b.String())
}

// Close stops every server (stdio process groups are killed if they do
// not exit on their own), unregisters their tools and waits for the
// manager's goroutines. It is safe to call more than once.
func (m *Manager) Close() error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil
	}
	m.closed = true
	if m.cancel != nil {
		m.cancel()
	}
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range m.servers {
		wg.Go(s.shutdown)
	}
	wg.Wait()
	m.wg.Wait()
	m.broker.Close()
	return nil
}

// spawn runs f in a goroutine Close waits for, unless the manager is closed.
func (m *Manager) spawn(f func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	m.wg.Go(f)
}

// lifetime returns the context servers live under.
func (m *Manager) lifetime() (context.Context, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed:
		return nil, ErrClosed
	case !m.started:
		return nil, ErrNotStarted
	}
	return m.life, nil
}

func (m *Manager) log() *slog.Logger { return m.opts.Logger }
