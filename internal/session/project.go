package session

import (
	"fmt"
	"os"
	"path/filepath"
)

// CanonicalDir returns the form of a project directory that sessions are
// stored under: absolute, cleaned and with symlinks resolved, so that one
// project reached through two paths has one list of sessions. An empty dir
// means the current directory.
func CanonicalDir(dir string) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("project directory: %w", err)
		}
		dir = wd
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("project directory %s: %w", dir, err)
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("project directory %s: %w", dir, err)
	}
	return resolved, nil
}
