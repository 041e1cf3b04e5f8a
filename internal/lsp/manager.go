package lsp

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/pubsub"
)

// ErrClosed is returned after Close.
var ErrClosed = errors.New("language servers closed")

// Options configure a Manager.
type Options struct {
	// Servers are the config's `lsp` entries by name.
	Servers map[string]config.LSPServer
	// WorkDir is the project directory: servers without root markers are
	// rooted there, and the project-wide diagnostics cover it.
	WorkDir string
	// NoDetect turns off running gopls without config.
	NoDetect bool
	// Version is Hone's version, sent to servers as the client version.
	Version string
	Logger  *slog.Logger
	// Launcher starts server processes so that they die with Hone (nil:
	// started directly).
	Launcher *procgroup.Launcher
	// Env is the environment servers start from (the allowlisted one;
	// nil: Hone's own); each server's configured env is set on top.
	Env []string
}

// Manager runs the language servers of a project. It implements
// tools.FileWatcher: the file tools tell it what they open and change.
type Manager struct {
	opts   Options
	specs  []spec
	broker *pubsub.Broker[Status]

	mu      sync.Mutex
	clients map[clientKey]*client
	life    context.Context
	cancel  context.CancelFunc
	closed  bool
	wg      sync.WaitGroup
}

type clientKey struct{ name, root string }

// New builds a manager for opts; no server starts before a file of its
// type is opened.
func New(opts Options) *Manager {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	var look func(string) (string, error)
	if !opts.NoDetect {
		look = defaultLookPath
	}
	return &Manager{opts: opts, specs: specsFrom(opts.Servers, look), broker: pubsub.NewBroker[Status](),
		clients: map[clientKey]*client{}}
}

// Available reports whether any language server may serve this project:
// one is configured and enabled, or gopls was detected and the project is
// a Go module. The app registers the diagnostics and references tools
// only then.
func (m *Manager) Available() bool {
	for _, sp := range m.specs {
		if sp.cfg.Disabled {
			continue
		}
		if _, ok := sp.rootFor(filepath.Join(m.opts.WorkDir, "_"), m.opts.WorkDir); ok {
			return true
		}
	}
	return false
}

// Opened tells the server of path's type that the file is open (starting
// the server on the first file of its type). It implements
// tools.FileWatcher and returns at once: Open runs in the background,
// bounded by the server's timeout, so a read never waits for a language
// server to start. Errors show only in the server's state. Close waits
// for this work.
func (m *Manager) Opened(ctx context.Context, path string) {
	if _, ok := m.specFor(path); !ok {
		return
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return
	}
	m.wg.Add(1)
	m.mu.Unlock()
	go func() {
		defer m.wg.Done()
		_ = m.Open(context.WithoutCancel(ctx), path)
	}()
}

// Open is Opened done in the caller's goroutine: it returns once the
// server serving path (if any) is started and has the file open, or with
// the error that stopped it, within the server's timeout.
func (m *Manager) Open(ctx context.Context, path string) error {
	ctx, cancel := context.WithTimeout(ctx, m.timeoutFor(path))
	defer cancel()
	c, err := m.clientFor(ctx, path)
	if c == nil || err != nil {
		return err
	}
	_, err = c.syncDoc(ctx, path, false)
	return err
}

// Changed tells the server that path changed on disk and returns its new
// errors and warnings as text for the tool result ("" for none, or when no
// server serves the file). It waits briefly for the server to settle and
// never longer than the server's timeout.
func (m *Manager) Changed(ctx context.Context, path string) string {
	ctx, cancel := context.WithTimeout(ctx, m.timeoutFor(path))
	defer cancel()
	c, err := m.clientFor(ctx, path)
	if c == nil || err != nil {
		return ""
	}
	doc, err := c.syncDoc(ctx, path, true)
	if doc == nil || err != nil {
		return ""
	}
	items, err := c.fileDiagnostics(ctx, pathToURI(path), doc)
	if err != nil {
		return ""
	}
	return formatChange(m.shown(path), c.spec.name, items)
}

// States returns every server: configured or detected ones that have not
// started as idle (or disabled), started ones with their root and state.
func (m *Manager) States() []Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Status
	for _, sp := range m.specs {
		started := false
		for key, c := range m.clients {
			if key.name == sp.name {
				c.mu.Lock()
				out = append(out, c.status)
				c.mu.Unlock()
				started = true
			}
		}
		if !started {
			st := Status{Name: sp.name, Command: sp.cfg.Command, Filetypes: sp.filetypes, State: StateIdle, Detected: sp.detected}
			if sp.cfg.Disabled {
				st.State = StateDisabled
			}
			out = append(out, st)
		}
	}
	return out
}

// Subscribe returns every state change until ctx ends or Close (lossy
// for slow readers; each event carries the full Status).
func (m *Manager) Subscribe(ctx context.Context) <-chan pubsub.Event[Status] {
	return m.broker.Subscribe(ctx)
}

// Close shuts every server down (shutdown and exit, then the process
// group is killed if it lingers) and waits for them.
func (m *Manager) Close() error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil
	}
	m.closed = true
	clients := make([]*client, 0, len(m.clients))
	for _, c := range m.clients {
		clients = append(clients, c)
	}
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Go(c.stop)
	}
	wg.Wait()
	m.mu.Lock()
	if m.cancel != nil {
		m.cancel()
	}
	m.mu.Unlock()
	m.wg.Wait()
	m.broker.Close()
	return nil
}

// clientFor returns the ready server for path, starting it (or
// restarting a failed one whose backoff has passed) if needed; nil when
// no server serves path.
func (m *Manager) clientFor(ctx context.Context, path string) (*client, error) {
	sp, ok := m.specFor(path)
	if !ok {
		return nil, nil
	}
	root, ok := sp.rootFor(path, m.opts.WorkDir)
	if !ok {
		return nil, nil
	}
	c, err := m.ensure(ctx, sp, root)
	if err == nil {
		err = c.waitReady(ctx)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// ensure returns the client of (sp, root), creating and starting it when
// there is none or the previous one failed and may be retried.
func (m *Manager) ensure(ctx context.Context, sp spec, root string) (*client, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, ErrClosed
	}
	key := clientKey{sp.name, root}
	c := m.clients[key]
	if c != nil && !c.retryable(time.Now()) {
		return c, nil
	}
	failures := 0
	if c != nil {
		failures = c.nextFailures()
	}
	if m.life == nil {
		// Servers outlive the call that starts them; Close ends them.
		m.life, m.cancel = context.WithCancel(context.WithoutCancel(ctx))
	}
	c = newClient(m.life, m, sp, root, failures)
	m.clients[key] = c
	m.wg.Go(c.start)
	return c, nil
}

// timeoutFor is the timeout of the server for path: the most a file
// event may wait for it, start included.
func (m *Manager) timeoutFor(path string) time.Duration {
	if sp, ok := m.specFor(path); ok {
		return sp.timeout
	}
	return DefaultTimeout
}

// specFor returns the first enabled spec serving path's extension.
func (m *Manager) specFor(path string) (spec, bool) {
	for _, sp := range m.specs {
		if sp.serves(path) {
			return sp, true
		}
	}
	return spec{}, false
}

// spawn runs f in a goroutine Close waits for, unless closed.
func (m *Manager) spawn(f func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.closed {
		m.wg.Go(f)
	}
}

// shown is how results name path: relative to the project when inside it.
func (m *Manager) shown(path string) string {
	if rel, err := filepath.Rel(m.opts.WorkDir, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}
