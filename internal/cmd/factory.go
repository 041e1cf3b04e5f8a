package cmd

import (
	"context"
	"sync"
	"time"

	"github.com/honecode/hone/internal/app"
)

// GlobalOptions are the persistent flags every command shares.
type GlobalOptions struct {
	Cwd        string // -c/--cwd: project working directory
	DataDir    string // -D/--data-dir (else HONE_DATA_DIR, else XDG data dir)
	ConfigFile string // --config: extra config layer
	Debug      bool   // -d/--debug
	// TraceLLM and TraceMCP write wire traces (--trace-llm, --trace-mcp).
	TraceLLM, TraceMCP bool
}

// Factory gives commands their streams, global options and a lazily built
// App, so `hone version` constructs nothing.
type Factory struct {
	IO     IO
	Global GlobalOptions
	// Getenv reads the environment (tests replace it).
	Getenv func(string) string
	// Supervisor is the executable serving the process supervisor ("":
	// children start without one).
	Supervisor string
	// Options, when set before the first App call, adjusts the App's
	// options (commands use it for their own flags: --model, --yolo …).
	Options func(*app.Options)
	// StdinWait overrides StdinWait (tests).
	StdinWait time.Duration
	// OpenTTY checks that a terminal can be opened for keys when stdin is
	// not one (default: open /dev/tty); tests replace it.
	OpenTTY func() error
	// Frontends are what only hone-full links: the interactive interface,
	// `hone mcp serve`, the OpenTelemetry exporter.
	Frontends Frontends

	once   sync.Once
	app    *app.App
	err    error
	closed bool
}

// App builds the application services once, on first use. The caller of
// Main closes it.
func (f *Factory) App(ctx context.Context) (*app.App, error) {
	f.once.Do(func() {
		o := f.appOptions()
		// The process ends right after Main closes this App. The Apps
		// that servers open per session from AppOptions (hone acp, hone
		// mcp serve) close theirs.
		o.ExitAfterClose = f.IO.Exits
		f.app, f.err = app.New(ctx, o)
	})
	return f.app, f.err
}

func (f *Factory) appOptions() app.Options {
	o := app.Options{
		Cwd:          f.Global.Cwd,
		DataDir:      f.Global.DataDir,
		ConfigFile:   f.Global.ConfigFile,
		Debug:        f.Global.Debug,
		TraceLLM:     f.Global.TraceLLM,
		TraceMCP:     f.Global.TraceMCP,
		Getenv:       f.Getenv,
		Supervisor:   f.Supervisor,
		Telemetry:    f.Frontends.Telemetry,
		Gemini:       f.Frontends.Gemini,
		GeminiHelper: geminiHelper,
	}
	if f.Options != nil {
		f.Options(&o)
	}
	return o
}

// close releases the App if it was built; a second call does nothing.
func (f *Factory) close() error {
	if f.app == nil || f.closed {
		return nil
	}
	f.closed = true
	return f.app.Close()
}

func (f *Factory) stdinWait() time.Duration {
	if f.StdinWait > 0 {
		return f.StdinWait
	}
	return StdinWait
}
