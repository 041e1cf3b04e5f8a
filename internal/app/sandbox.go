package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
	"github.com/honecode/hone/internal/shell"
)

// procState holds the process launcher and the sandbox status, each built
// on first use.
type procState struct {
	once     sync.Once
	launcher *procgroup.Launcher
	detect   sync.Once
	status   sandbox.Status
	// probe is sandbox.Detect; tests count its calls.
	probe func() sandbox.Status
}

// Launcher returns the launcher every child process starts through: with
// a supervisor (Options.Supervisor) children die with Hone, also when it
// is killed. It is closed by Close.
func (a *App) Launcher() *procgroup.Launcher {
	a.procs.once.Do(func() {
		var sup []string
		if a.opts.Supervisor != "" {
			sup = []string{a.opts.Supervisor, procgroup.ServeArg}
		}
		a.procs.launcher = procgroup.NewLauncher(procgroup.Options{
			Supervisor: sup,
			Env:        sandbox.Environ(os.Environ(), nil),
			Confine:    sandbox.Confine,
			Logger:     a.Logger(),
		})
		a.onClose(a.procs.launcher.Close)
	})
	return a.procs.launcher
}

// SandboxStatus says what the sandbox enforces on this machine. The
// kernel is probed once (a mount and a network namespace are made and
// thrown away: about 1 ms), when the first command is decided or the
// first sandboxed command starts; a run that starts none never probes.
func (a *App) SandboxStatus() sandbox.Status {
	a.procs.detect.Do(func() { a.procs.status = a.procs.probe() })
	return a.procs.status
}

// sandboxSupport maps the status to what the permission service needs.
func (a *App) sandboxSupport() permission.SandboxSupport {
	switch st := a.SandboxStatus(); {
	case st.Complete():
		return permission.FullSandbox
	case st.Usable():
		return permission.PartialSandbox
	}
	return permission.NoSandbox
}

// childEnv is the environment every child starts from: the allowlist
// plus the variables the config names.
func childEnv(cfg config.Config) []string {
	return sandbox.Environ(os.Environ(), cfg.Options.ShellEnvAllow)
}

// sandboxSettings are what the bash tool builds command sandboxes from.
// Sandboxed commands share a build cache per project in the data
// directory, apart from the user's own caches (a sandboxed command must
// not be able to plant objects that unsandboxed builds would use).
func (a *App) sandboxSettings() *sandbox.Settings {
	sum := sha256.Sum256([]byte(a.workDir))
	cache := filepath.Join(a.dataDir, "sandbox", hex.EncodeToString(sum[:8]), "cache")
	if err := os.MkdirAll(cache, 0o700); err != nil {
		cache = ""
	}
	home, _ := os.UserHomeDir()
	return &sandbox.Settings{Project: a.workDir, CacheDir: cache, Home: home}
}

// gitAhead begins the first turn's git summary when that turn follows at
// once (Options.TurnAtStart), so that git runs while the store opens and
// the services are built; nil otherwise.
func (a *App) gitAhead(ctx context.Context, cfg config.Config) <-chan string {
	if !a.opts.TurnAtStart {
		return nil
	}
	return agent.StartGitSummary(ctx, a.workDir, a.sandboxedGit(childEnv(cfg)))
}

// sandboxedGit runs git for the system prompt through the launcher, in a
// read-only sandbox where one is available: Hone runs it on its own
// authority at every turn, and a repository's config can make git run
// programs.
func (a *App) sandboxedGit(env []string) func(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		spec := procgroup.Spec{Path: "git", Args: append([]string{"-C", dir}, args...), Dir: dir,
			Env: append(shell.GitEnv(slices.Clone(env)), "LC_ALL=C")}
		if a.SandboxStatus().Usable() {
			tmp, err := os.MkdirTemp("", "hone-sandbox-")
			if err != nil {
				return nil, err
			}
			defer os.RemoveAll(tmp)
			s := a.sandboxSettings()
			s.TempDir, s.Env = tmp, spec.Env
			pol, err := sandbox.New(sandbox.LevelReadOnly, *s, false)
			if err != nil {
				return nil, err
			}
			spec.Sandbox = pol.Marshal()
		}
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		spec.Files = []*os.File{nil, w, nil}
		child, err := a.Launcher().Start(spec)
		w.Close()
		if err != nil {
			r.Close()
			return nil, err
		}
		stop := context.AfterFunc(ctx, child.Kill)
		defer stop()
		out, _ := io.ReadAll(io.LimitReader(r, 1<<20))
		r.Close()
		return out, child.Exit().Err()
	}
}
