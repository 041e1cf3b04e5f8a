package run

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// MaxStdin bounds what Prompt reads from stdin.
const MaxStdin = 8 << 20

// ErrStdinTooLarge is returned when more than MaxStdin bytes are piped.
var ErrStdinTooLarge = errors.New("run: stdin larger than 8 MiB")

// Prompt builds the prompt of `hone run`: the text piped to stdin (pass a
// nil stdin when it is a terminal; see StdinPiped), a blank line, then the
// arguments joined by spaces. Either part may be empty.
func Prompt(args []string, stdin io.Reader) (string, error) {
	arg := strings.TrimSpace(strings.Join(args, " "))
	if stdin == nil {
		return arg, nil
	}
	data, err := io.ReadAll(io.LimitReader(stdin, MaxStdin+1))
	if err != nil {
		return "", fmt.Errorf("read stdin: %w", err)
	}
	if len(data) > MaxStdin {
		return "", ErrStdinTooLarge
	}
	in := strings.TrimRight(string(data), "\r\n\t ")
	switch {
	case in == "":
		return arg, nil
	case arg == "":
		return in, nil
	}
	return in + "\n\n" + arg, nil
}

// StdinPiped reports whether f is a pipe or a file rather than a terminal.
func StdinPiped(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	return fi.Mode()&os.ModeCharDevice == 0
}
