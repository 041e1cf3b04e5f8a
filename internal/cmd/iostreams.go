package cmd

import (
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// IO is the triple of streams a command reads and writes.
type IO struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// StdinIsPipe reports whether In is a pipe or file rather than a
	// terminal (hone run prepends piped stdin to the prompt).
	StdinIsPipe bool
	// StdinIsTerminal and StdoutIsTerminal report whether In and Out are
	// terminals (the interactive interface needs them).
	StdinIsTerminal  bool
	StdoutIsTerminal bool
	// Exits reports that the process ends when Main returns (StdIO sets
	// it): the App then leaves its database to the exit
	// (app.Options.ExitAfterClose).
	Exits bool
}

// StdIO returns the process's standard streams, for a Main whose return
// ends the process.
func StdIO() IO {
	piped := false
	if fi, err := os.Stdin.Stat(); err == nil {
		piped = fi.Mode()&os.ModeCharDevice == 0
	}
	return IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, StdinIsPipe: piped,
		StdinIsTerminal: term.IsTerminal(os.Stdin.Fd()), StdoutIsTerminal: term.IsTerminal(os.Stdout.Fd()),
		Exits: true}
}
