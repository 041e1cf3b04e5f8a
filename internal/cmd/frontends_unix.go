//go:build unix

package cmd

import (
	"fmt"
	"os"
	"syscall"
)

// execFull replaces this process with hone-full: same process id,
// terminal, signals and open standard streams, so nothing sits between
// the user and the interface.
func execFull(args []string) error {
	path, err := fullPath()
	if err != nil {
		return err
	}
	if err := syscall.Exec(path, append([]string{path}, args...), os.Environ()); err != nil {
		return fmt.Errorf("run %s: %w", path, err)
	}
	return nil
}

// openTTY checks that the controlling terminal can be opened, the way the
// interface opens it when stdin is not a terminal.
func openTTY() error {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return tty.Close()
}
