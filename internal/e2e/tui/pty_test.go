package tui

import (
	"os"
	"path/filepath"
	"strings"
)

// capture copies everything the program in the pane writes from now on
// (escape sequences included, which capture-pane never shows) into a
// file, and returns a function that reads what was written so far.
func (p *pane) capture() func() string {
	p.t.Helper()
	path := filepath.Join(p.t.TempDir(), "pty.out")
	p.s.must("pipe-pane", "-O", "-t", p.target, "cat >> '"+path+"'")
	return func() string {
		data, _ := os.ReadFile(path)
		return string(data)
	}
}

// waitWritten waits until the program wrote want (raw bytes).
func (p *pane) waitWritten(read func() string, what, want string) string {
	p.t.Helper()
	return p.poll(what, read, func(out string) bool { return strings.Contains(out, want) })
}
