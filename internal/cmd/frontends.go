package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/llm/remote"
)

// FullName is the executable that links what hone itself does not: the
// interactive interface, `hone mcp serve` and the OpenTelemetry exporter.
const FullName = "hone-full"

// Frontends are what only hone-full links, because their libraries take
// milliseconds to initialize before main and pages of memory on every
// command (Bubble Tea, Glamour and its highlighter for the interface; the
// MCP server's schema validator; the OTel SDK and its OTLP exporters). Go
// initializes every linked package whichever command runs, so hone does
// not link them: Main hands the interface and `hone mcp serve` to
// hone-full, which is the same command line with Frontends set, and so
// `hone acp` and a `hone run` whose config asks for an OpenTelemetry
// export, when hone-full is installed next to hone.
type Frontends struct {
	// Interface runs the interactive interface (bare hone) after hone has
	// checked the flags, the config and that there is a terminal;
	// opts.Session is then the full id of the session -s named.
	Interface func(ctx context.Context, f *Factory, opts RootOptions) error
	// MCPServe runs `hone mcp serve`.
	MCPServe func(ctx context.Context, f *Factory, opts MCPServeOptions) error
	// Telemetry builds the OpenTelemetry exporter (app.Options.Telemetry);
	// nil where it is not linked.
	Telemetry app.TelemetryFunc
	// Gemini builds Gemini providers in this process
	// (app.Options.Gemini); nil where genai is not linked, and Gemini
	// calls run in hone-gemini.
	Gemini remote.BuildFunc
	// full replaces this process with hone-full, given the same
	// arguments; nil in hone-full itself.
	full func(f *Factory) error
}

// handOver returns front ends that replace this process with hone-full,
// given the same arguments, after closing what hone opened to check them.
func handOver(args []string) Frontends {
	run := func(f *Factory) error {
		if err := f.close(); err != nil {
			return err
		}
		return execFull(args)
	}
	return Frontends{
		Interface: func(_ context.Context, f *Factory, _ RootOptions) error { return run(f) },
		MCPServe:  func(_ context.Context, f *Factory, _ MCPServeOptions) error { return run(f) },
		full:      run,
	}
}

// mayHandOver says whether this process lacks the OpenTelemetry exporter
// and can replace itself with hone-full, which has it.
func (f *Factory) mayHandOver() bool {
	return f.Frontends.Telemetry == nil && f.Frontends.full != nil
}

// canHandOver is mayHandOver with hone-full installed next to hone.
func (f *Factory) canHandOver() bool {
	if !f.mayHandOver() {
		return false
	}
	_, err := fullPath()
	return err == nil
}

// exportOrHandOver replaces this process with hone-full when a's config
// asks for an OpenTelemetry export, which only hone-full links. Without
// hone-full next to hone, one line on stderr says that nothing is
// exported and the command goes on here. It returns the config's error,
// or exec's; nil when the command goes on in this process.
func (f *Factory) exportOrHandOver(ctx context.Context, a *app.App) error {
	if !f.mayHandOver() {
		return nil
	}
	want, err := a.TelemetryWanted(ctx)
	if err != nil || !want {
		return err
	}
	if !f.canHandOver() {
		fmt.Fprintf(f.IO.Err, "! telemetry: the OTLP export is in %s, which is not installed next to hone; nothing is exported\n", FullName)
		return nil
	}
	return f.Frontends.full(f)
}

// fullPath is hone-full next to the running executable (symlinks
// resolved). Only that place is looked at, so hone never runs another
// build's interface found on PATH.
func fullPath() (string, error) {
	path, exe, err := siblingPath(FullName)
	if errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("the interactive interface and `hone mcp serve` are in %s, which is not next to %s: build them with %s", FullName, exe, buildHint)
	}
	if err != nil {
		return "", fmt.Errorf("find %s: %w", FullName, err)
	}
	return path, nil
}

// buildHint says how to build the executables installed next to hone.
const buildHint = "`task build` or `go build -o bin/ . ./cmd/...` " +
	"(or `go install github.com/honecode/hone/cmd/...@latest` next to `go install github.com/honecode/hone@latest`)"

// siblingPath is the executable name (".exe" added on Windows) in the
// directory of the running executable, symlinks resolved, and that
// executable's own path. The error wraps os.ErrNotExist when name is not
// there.
func siblingPath(name string) (path, exe string, err error) {
	exe, err = os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return "", "", err
	}
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	path = filepath.Join(filepath.Dir(exe), name)
	if _, err := os.Stat(path); err != nil {
		return "", exe, err
	}
	return path, exe, nil
}

// UsageError marks err as a usage error: hone exits 2.
func UsageError(err error) error { return usageError(err) }

// ConfigError marks configuration problems (invalid files, no usable
// provider) as usage errors, and leaves other errors as they are.
func ConfigError(err error) error { return configErr(err) }

// AppOptions are the options the Factory builds its App with (global
// flags, then Options); front ends open further Apps from them.
func (f *Factory) AppOptions() app.Options { return f.appOptions() }
