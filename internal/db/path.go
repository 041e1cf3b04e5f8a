package db

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// FileName is the database file name inside a data directory.
const FileName = "hone.db"

// ErrNoHome is returned by DefaultPath when no data directory is set and
// the home directory is unknown.
var ErrNoHome = errors.New("no data directory: set HONE_DATA_DIR or HOME")

// DefaultPath returns the database path from the process environment; see
// DefaultPathFrom.
func DefaultPath() (string, error) { return DefaultPathFrom(os.Getenv) }

// DefaultPathFrom returns where the database lives, reading the
// environment through getenv (nil: os.Getenv): DataDirFrom's directory
// joined with FileName.
func DefaultPathFrom(getenv func(string) string) (string, error) {
	dir, err := DataDirFrom(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, FileName), nil
}

// DataDirFrom returns Hone's data directory (database, logs), reading the
// environment through getenv (nil: os.Getenv): $HONE_DATA_DIR, else
// $XDG_DATA_HOME/hone (when absolute, as the XDG spec requires), else
// $HOME/.local/share/hone.
func DataDirFrom(getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if dir := getenv("HONE_DATA_DIR"); dir != "" {
		return dir, nil
	}
	if dir := getenv("XDG_DATA_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "hone"), nil
	}
	home := getenv("HOME")
	if home == "" {
		var err error
		if home, err = os.UserHomeDir(); err != nil {
			return "", fmt.Errorf("%w: %w", ErrNoHome, err)
		}
	}
	return filepath.Join(home, ".local", "share", "hone"), nil
}
