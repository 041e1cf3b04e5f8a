// Package app builds every service from configuration and owns their
// lifetimes. Services are constructed on first use, so a command pays only
// for what it touches (`hone version` builds nothing, `hone run` never
// starts the TUI, MCP servers or language servers it does not need).
// It holds no business logic.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/llm/remote"
	"github.com/honecode/hone/internal/redact"
	"github.com/honecode/hone/internal/sandbox"
	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/wiretrace"
)

// Options selects the project, data and config locations and the flags
// that change configuration.
type Options struct {
	Cwd        string
	DataDir    string
	ConfigFile string
	Debug      bool
	// Getenv reads the environment (default os.Getenv).
	Getenv func(string) string
	// Model and SmallModel (provider/model) replace the role lists.
	Model      string
	SmallModel string
	// Yolo allows every tool action.
	Yolo bool
	// NonInteractive denies, instead of asking, whatever rules and mode do
	// not allow (hone run).
	NonInteractive bool
	// TurnAtStart says a turn follows as soon as the services exist (hone
	// run, whose prompt is known when it starts): the turn's git status
	// then begins while they are built (agent.Config.GitAhead).
	TurnAtStart bool
	// Mode sets the permission mode like a flag ("" keeps the config's;
	// Yolo wins).
	Mode string
	// Supervisor is the executable that serves procgroup.ServeArg (Hone's
	// own); "" starts child processes without a supervisor.
	Supervisor string
	// Environ lists the environment (default os.Environ): the values of
	// variables whose names look secret are redacted from logs and errors.
	Environ func() []string
	// MCPServers are added to the configured MCP servers (servers an
	// editor passes to `hone acp`); a configured server of the same name
	// is replaced.
	MCPServers map[string]config.MCPServer
	// Editor, when set, serves the file tools' reads and writes (tools.Env).
	Editor tools.Editor
	// TraceLLM and TraceMCP write wire traces (--trace-llm, --trace-mcp),
	// on top of the config's options.trace.
	TraceLLM, TraceMCP bool
	// ExitAfterClose says the process ends right after Close (the App of
	// the command line's own process; not a test's, an embedder's or one
	// a server opens per session).
	// Close then writes what is pending but leaves the database's
	// connections to the exit: SQLite's write-ahead log holds every
	// committed transaction, and the next opener reads it. Closing would
	// copy the log into the database file, fsync both and delete the log
	// (3–7 ms at every exit), and the next process's first write would
	// create the log again, with two more fsyncs before its first request.
	// db.CheckpointPages keeps the log short. A process that replaces
	// itself (hone handing over to hone-full) closes them at the exec:
	// SQLite opens its files close-on-exec.
	ExitAfterClose bool
	// Telemetry builds the OpenTelemetry exporter when an endpoint is
	// configured. nil in hone, which does not link the OTel SDK (its
	// packages would initialize on every command); hone-full sets it, and
	// hone hands a run that exports to hone-full (cmd.Frontends). An App
	// without it exports nothing and logs why.
	Telemetry TelemetryFunc
	// Gemini builds Gemini providers in this process: hone-full, which
	// links genai, sets it. nil in hone, whose Gemini calls then run in
	// the helper GeminiHelper names (internal/llm/remote): genai's
	// imports (Google Cloud auth, gRPC, protobuf) would initialize on
	// every command.
	Gemini remote.BuildFunc
	// GeminiHelper returns the command line of the helper that serves
	// Gemini calls when Gemini is nil, or an error that says how to
	// install it. It is called when the first Gemini provider is built.
	GeminiHelper func() ([]string, error)
}

// App is the set of services a front end uses. Accessors build a service
// on first call and return the same one afterwards.
type App struct {
	opts    Options
	env     *secretEnv // behind opts.Getenv
	workDir string
	dataDir string

	// bg is the context of background work (servers started for front
	// ends); Close cancels it.
	bg       context.Context
	cancelBg context.CancelFunc

	mu      sync.Mutex
	closers []func() error
	// storeAt is len(closers) when the store opened: the closers from
	// there on belong to services that may write to it.
	storeAt int
	logger  *slog.Logger
	// secrets redacts logs and provider errors; config values join it as
	// the config loads.
	secrets *redact.Redactor
	wire    *wiretrace.Recorder // wire traces, built on first use

	cfgMu sync.Mutex
	cfg   *configState // nil until loaded; replaced by ReloadConfig
	store storeState   // see store.go
	svc   lazy[*services]
	ext   lazy[*extend.Set] // see extend.go
	procs procState         // see sandbox.go
}

// New resolves the working and data directories; it builds nothing else.
// Background work outlives ctx's cancellation (not its values) until Close.
func New(ctx context.Context, opts Options) (*App, error) {
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	env := newSecretEnv(opts.Getenv)
	opts.Getenv = env.get
	if opts.Environ == nil {
		opts.Environ = os.Environ
	}
	wd, err := workDir(opts.Cwd)
	if err != nil {
		return nil, err
	}
	dd, err := dataDir(opts.DataDir, opts.Getenv)
	if err != nil {
		return nil, err
	}
	bg, cancel := context.WithCancel(context.WithoutCancel(ctx))
	return &App{opts: opts, env: env, workDir: wd, dataDir: dd, bg: bg, cancelBg: cancel, secrets: envSecrets(opts.Environ()),
		procs: procState{probe: sandbox.Detect}}, nil
}

// envSecrets is a Redactor knowing the values of environment variables
// whose names look like they hold secrets (*_API_KEY, *TOKEN* …).
func envSecrets(environ []string) *redact.Redactor {
	r := redact.New()
	for _, kv := range environ {
		if name, val, ok := strings.Cut(kv, "="); ok && redact.SecretName(name) {
			r.Add(val)
		}
	}
	return r
}

// Redact removes every secret value Hone knows (keys, tokens, header and
// server environment values) from s: the one redaction function of logs,
// provider errors and traces.
func (a *App) Redact(s string) string { return a.secrets.String(s) }

// WorkDir is the absolute, symlink-resolved project directory.
func (a *App) WorkDir() string { return a.workDir }

// DataDir is where the database and logs live.
func (a *App) DataDir() string { return a.dataDir }

// Logger returns the file logger (<data-dir>/logs/hone.log).
func (a *App) Logger() *slog.Logger {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.logger == nil {
		var c io.Closer
		a.logger, c = openLog(a.dataDir, a.opts.Debug, a.secrets)
		a.closers = append(a.closers, c.Close)
	}
	return a.logger
}

// onClose registers fn to run at Close, in reverse order of registration.
func (a *App) onClose(fn func() error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closers = append(a.closers, fn)
}

// Close releases every service that was built, newest first. The store
// closes after the services built once it was open (they write to it and
// flush into it on close) and alongside those built before it, which never
// saw it (the process supervisor, the log file): its checkpoint and fsyncs
// overlap their shutdown instead of following it. With
// Options.ExitAfterClose the database stays open for the exit.
func (a *App) Close() error {
	a.cancelBg()
	a.mu.Lock()
	cs, split := a.closers, min(a.storeAt, len(a.closers))
	a.closers = nil
	a.mu.Unlock()
	errs := runClosers(cs[split:])
	store := make(chan error, 1)
	go func() { store <- a.closeStore() }()
	errs = append(errs, runClosers(cs[:split])...)
	errs = append(errs, <-store)
	return errors.Join(errs...)
}

// runClosers calls cs newest first and returns their errors.
func runClosers(cs []func() error) []error {
	errs := make([]error, 0, len(cs))
	for i := len(cs) - 1; i >= 0; i-- {
		errs = append(errs, cs[i]())
	}
	return errs
}

func workDir(cwd string) (string, error) {
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return "", fmt.Errorf("working directory: %w", err)
		}
	}
	abs, err := filepath.Abs(cwd)
	if err != nil {
		return "", fmt.Errorf("working directory %s: %w", cwd, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("working directory %s: %w", cwd, err)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("working directory %s: %w", cwd, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("working directory %s: not a directory", cwd)
	}
	return real, nil
}

// dataDir picks --data-dir, else the database package's default
// (HONE_DATA_DIR, XDG_DATA_HOME/hone, ~/.local/share/hone).
func dataDir(flag string, getenv func(string) string) (string, error) {
	dir := flag
	if dir == "" {
		var err error
		if dir, err = db.DataDirFrom(getenv); err != nil {
			return "", fmt.Errorf("data directory: %w", err)
		}
	}
	return filepath.Abs(dir)
}

// Getenv reads the environment the App was built with.
func (a *App) Getenv(key string) string { return a.opts.Getenv(key) }
