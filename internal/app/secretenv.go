package app

import (
	"sync"

	"github.com/honecode/hone/internal/config"
)

// secretEnv reads the environment and, for a variable that is not set
// there, the user's secrets file (keys pasted into the TUI's onboarding):
// config "$VAR" references resolve from either, and the environment
// wins. The file is read on first use and again after reload; its values
// never reach a child process's environment.
type secretEnv struct {
	base func(string) string
	path string

	mu     sync.Mutex
	loaded bool
	vals   map[string]string
}

func newSecretEnv(base func(string) string) *secretEnv {
	return &secretEnv{base: base, path: config.SecretsPath(base)}
}

// get is the value of key: the environment's, else the secrets file's.
func (e *secretEnv) get(key string) string {
	if v := e.base(key); v != "" || e.path == "" {
		return v
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.loaded {
		e.vals, _ = config.ReadSecrets(e.path) // unreadable or too open: no secrets
		e.loaded = true
	}
	return e.vals[key]
}

// reload makes the next get read the file again (after SaveSecret).
func (e *secretEnv) reload() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.loaded = false
}
