package shell

import (
	"slices"
	"strings"
)

// Environ returns base (KEY=VALUE entries, usually os.Environ()) without
// variables whose names look like secrets — *_API_KEY, *TOKEN*, *SECRET*,
// *PASSWORD*, *PASSWD*, *CREDENTIAL*, *PRIVATE_KEY* — except those named in
// keep, and with settings that keep commands from waiting for a person:
// PAGER=cat, GIT_PAGER=cat, GIT_EDITOR=true, GIT_TERMINAL_PROMPT=0.
func Environ(base, keep []string) []string {
	out := make([]string, 0, len(base)+4)
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "PAGER", "GIT_PAGER", "GIT_EDITOR", "GIT_TERMINAL_PROMPT":
			continue
		}
		if Secret(name) && !slices.Contains(keep, name) {
			continue
		}
		out = append(out, kv)
	}
	return append(out, "PAGER=cat", "GIT_PAGER=cat", "GIT_EDITOR=true", "GIT_TERMINAL_PROMPT=0")
}

// Secret reports whether an environment variable name looks like it holds
// a secret.
func Secret(name string) bool {
	n := strings.ToUpper(name)
	if strings.HasSuffix(n, "_API_KEY") || n == "API_KEY" {
		return true
	}
	for _, part := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "PRIVATE_KEY"} {
		if strings.Contains(n, part) {
			return true
		}
	}
	return false
}
