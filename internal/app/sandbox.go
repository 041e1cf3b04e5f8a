package app

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
)

// procState holds the process launcher and the sandbox status, both built
// on first use.
type procState struct {
	once     sync.Once
	launcher *procgroup.Launcher
	status   sandbox.Status
}

// Launcher returns the launcher every child process starts through: with
// a supervisor (Options.Supervisor) children die with Hone, also when it
// is killed. It is closed by Close.
func (a *App) Launcher() *procgroup.Launcher {
	a.procs.once.Do(func() {
		a.procs.status = sandbox.Detect()
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

// SandboxStatus says what the sandbox enforces on this machine.
func (a *App) SandboxStatus() sandbox.Status {
	a.Launcher()
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
