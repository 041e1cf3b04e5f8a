//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package db

import (
	"context"
	"os"
)

// lockFile is a no-op where flock is unavailable: concurrent first opens
// then rely on goose's retry when creating its version table.
func lockFile(context.Context, *os.File) error { return nil }
