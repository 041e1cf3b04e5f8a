//go:build !unix

package cmd

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// execFull runs hone-full with the same arguments and streams and exits
// with its exit code (there is no exec without Unix).
func execFull(args []string) error {
	path, err := fullPath()
	if err != nil {
		return err
	}
	c := exec.Command(path, args...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = c.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return withCode(ee.ExitCode(), nil)
	}
	if err != nil {
		return fmt.Errorf("run %s: %w", path, err)
	}
	return nil
}

// openTTY checks that the console can be opened for keys.
func openTTY() error {
	tty, err := os.OpenFile("CONIN$", os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return tty.Close()
}
