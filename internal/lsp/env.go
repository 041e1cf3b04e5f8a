package lsp

import "os"

// baseEnv is the environment a server starts from: the configured one, or
// Hone's own when none was given (tests).
func baseEnv(env []string) []string {
	if env == nil {
		return os.Environ()
	}
	return env
}
