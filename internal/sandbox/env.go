package sandbox

import (
	"strings"
)

// envAllow are the variables a command Hone starts inherits from Hone's
// environment: locale, terminal, user and shell basics and toolchain
// settings. A name ending in * is a prefix. Everything else (API keys,
// tokens, database URLs, agent sockets) is left out, whatever its name.
var envAllow = []string{
	"PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "LC_*", "TERM", "COLORTERM",
	"TZ", "TMPDIR", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES",
	"HOSTNAME", "EDITOR", "VISUAL", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME",
	"XDG_STATE_HOME", "SSL_CERT_FILE", "SSL_CERT_DIR", "CI",
	// Go
	"GOROOT", "GOPATH", "GOBIN", "GOCACHE", "GOMODCACHE", "GOFLAGS", "GOPROXY", "GOPRIVATE",
	"GONOPROXY", "GONOSUMDB", "GONOSUMCHECK", "GOSUMDB", "GOTOOLCHAIN", "GOOS", "GOARCH", "GOAMD64",
	"GOARM", "GOEXPERIMENT", "GOTELEMETRY", "GOWORK", "CGO_ENABLED", "CGO_CFLAGS", "CGO_LDFLAGS",
	// C and C++
	"CC", "CXX", "CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS", "PKG_CONFIG_PATH", "LD_LIBRARY_PATH",
	"LIBRARY_PATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "MAKEFLAGS",
	// Rust
	"CARGO_HOME", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN", "RUSTFLAGS", "CARGO_TARGET_DIR",
	// JavaScript
	"NODE_PATH", "NODE_OPTIONS", "NVM_DIR", "NVM_BIN", "NPM_CONFIG_PREFIX", "BUN_INSTALL", "DENO_DIR",
	// Python
	"PYTHONPATH", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "VIRTUAL_ENV",
	"CONDA_PREFIX", "CONDA_DEFAULT_ENV", "PYENV_ROOT", "PYENV_VERSION", "UV_CACHE_DIR", "PIP_CACHE_DIR",
	// JVM, Ruby, .NET
	"JAVA_HOME", "MAVEN_HOME", "GRADLE_HOME", "GRADLE_USER_HOME", "RBENV_ROOT", "GEM_HOME", "GEM_PATH",
	"BUNDLE_PATH", "SDKMAN_DIR", "DOTNET_ROOT",
}

// quiet keeps commands from waiting for a person or a pager.
var quiet = []string{"PAGER=cat", "GIT_PAGER=cat", "GIT_EDITOR=true", "GIT_TERMINAL_PROMPT=0"}

// Environ returns the entries of base (KEY=VALUE, usually os.Environ())
// whose names are on the allowlist or in extra (names, or prefixes ending
// in *, from the user's config), followed by settings that keep commands
// from waiting for input: PAGER=cat, GIT_PAGER=cat, GIT_EDITOR=true,
// GIT_TERMINAL_PROMPT=0.
func Environ(base, extra []string) []string {
	out := make([]string, 0, len(base)+len(quiet))
	for _, kv := range base {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || name == "" || overridden(name) {
			continue
		}
		if Allowed(name, extra) {
			out = append(out, kv)
		}
	}
	return append(out, quiet...)
}

// Allowed reports whether the variable name passes the allowlist or extra.
func Allowed(name string, extra []string) bool {
	return matchesAny(name, envAllow) || matchesAny(name, extra)
}

func overridden(name string) bool {
	for _, kv := range quiet {
		if strings.HasPrefix(kv, name+"=") {
			return true
		}
	}
	return false
}

func matchesAny(name string, patterns []string) bool {
	for _, p := range patterns {
		if prefix, ok := strings.CutSuffix(p, "*"); ok {
			if prefix != "" && strings.HasPrefix(name, prefix) {
				return true
			}
		} else if p == name {
			return true
		}
	}
	return false
}

// Set returns env with name set to value (replacing an earlier entry).
func Set(env []string, name, value string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return append(out, name+"="+value)
}
