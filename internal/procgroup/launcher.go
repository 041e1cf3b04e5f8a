package procgroup

import (
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"syscall"
)

// ServeArg is the first argument that makes Hone's binary run as the
// supervisor (see Serve).
const ServeArg = "__procs"

// Options configure a Launcher.
type Options struct {
	// Supervisor is the command line of the supervisor process, usually
	// Hone's own executable and ServeArg; empty starts children directly.
	Supervisor []string
	// Env is the supervisor's environment.
	Env []string
	// Confine applies Spec.Sandbox (nil: sandboxed specs fail to start).
	Confine Confine
	// Logger reports a supervisor that could not start (nil: discard).
	Logger *slog.Logger
}

// Launcher starts children. A nil *Launcher starts them directly and
// cannot sandbox. It is safe for concurrent use.
type Launcher struct {
	opts Options

	mu     sync.Mutex
	sup    *supervisor
	closed bool
}

// NewLauncher returns a launcher; the supervisor starts with the first
// child.
func NewLauncher(opts Options) *Launcher {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Launcher{opts: opts}
}

// ErrClosed is returned by Start after Close.
var ErrClosed = errors.New("launcher closed")

// Start starts the child described by spec.
func (l *Launcher) Start(spec Spec) (*Child, error) {
	path, err := resolve(spec.Path)
	if err != nil {
		return nil, err
	}
	spec.Path = path
	if l == nil {
		return startDirect(spec, nil)
	}
	sup, err := l.supervisor()
	if err != nil {
		return nil, err
	}
	if sup != nil {
		return sup.start(spec)
	}
	return startDirect(spec, l.opts.Confine)
}

// Prestart starts the supervisor in the background, so that its start
// (a second process initializing) overlaps the caller's own work instead
// of delaying the first child; Start waits for it. It does nothing
// without a supervisor or after Close.
func (l *Launcher) Prestart() {
	if l == nil || len(l.opts.Supervisor) == 0 {
		return
	}
	go func() { _, _ = l.supervisor() }()
}

// supervisor returns the running supervisor, starting it when needed; nil
// (without error) when children start directly.
func (l *Launcher) supervisor() (*supervisor, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, ErrClosed
	}
	if len(l.opts.Supervisor) == 0 {
		return nil, nil
	}
	if l.sup != nil && !l.sup.dead() {
		return l.sup, nil
	}
	sup, err := startSupervisor(l.opts.Supervisor, l.opts.Env)
	if err != nil {
		l.opts.Logger.Warn("process supervisor did not start; children will not die with a killed Hone", "err", err)
		l.opts.Supervisor = nil
		return nil, nil
	}
	l.sup = sup
	return sup, nil
}

// Supervised reports whether children go through a running supervisor.
func (l *Launcher) Supervised() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sup != nil && !l.sup.dead()
}

// Close stops the supervisor, which kills every child still running.
func (l *Launcher) Close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	l.closed = true
	sup := l.sup
	l.mu.Unlock()
	if sup != nil {
		sup.close()
	}
	return nil
}

// setupFor turns an encoded policy into the thread setup of a child.
func setupFor(policy json.RawMessage, confine Confine) (func() error, error) {
	if policy == nil {
		return nil, nil
	}
	if confine == nil {
		return nil, errors.New("start sandboxed: no sandbox available")
	}
	return confine(policy)
}

// startDirect starts a child of this process; after it exits, the rest of
// its group is killed.
func startDirect(spec Spec, confine Confine) (*Child, error) {
	setup, err := setupFor(spec.Sandbox, confine)
	if err != nil {
		return nil, err
	}
	p, err := spawn(spec, setup)
	if err != nil {
		return nil, err
	}
	pid := p.Pid
	c := newChild(pid, func(sig syscall.Signal) { signalGroup(pid, sig) })
	go func() {
		ps, err := p.Wait()
		signalGroup(pid, syscall.SIGKILL)
		st := ExitStatus{Code: -1, Signal: "unknown"}
		if err == nil {
			if ws, ok := ps.Sys().(syscall.WaitStatus); ok {
				st = exitStatus(ws)
			} else {
				st = ExitStatus{Code: ps.ExitCode()}
			}
		}
		c.finish(st)
	}()
	return c, nil
}
