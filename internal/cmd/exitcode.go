package cmd

import (
	"errors"
	"fmt"
)

// Exit codes of every command; docs/exit-codes.md documents them.
const (
	ExitOK    = 0
	ExitError = 1 // unexpected failure
	ExitUsage = 2 // bad flags or arguments, invalid configuration
)

// ExitError carries a specific exit code up to Main. Commands return it
// (wrapped or not) when the code is not the default for their error.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// withCode returns err marked to exit with code. A nil err with a non-zero
// code exits silently with that code (the command already printed why).
func withCode(code int, err error) error { return &exitError{code: code, err: err} }

// usageError marks err as a usage error (exit 2).
func usageError(err error) error { return withCode(ExitUsage, err) }

// exitCode maps an error returned by a command to the process exit code.
func exitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return ExitError
}
