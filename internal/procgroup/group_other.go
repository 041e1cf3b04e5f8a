//go:build !unix

package procgroup

import (
	"os"
	"syscall"
)

// groupAttr is nil where process groups are not available.
func groupAttr() *syscall.SysProcAttr { return nil }

// termGroup kills the process led by pid (no groups here).
func termGroup(pid int) { killGroup(pid) }

// killGroup kills the process pid.
func killGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}
