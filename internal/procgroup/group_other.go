//go:build !unix

package procgroup

import (
	"os"
	"syscall"
)

func groupAttr(bool) *syscall.SysProcAttr { return nil }

// signalGroup kills the process pid (no groups here).
func signalGroup(pid int, _ syscall.Signal) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}

func exitStatus(ws syscall.WaitStatus) ExitStatus { return ExitStatus{Code: ws.ExitStatus()} }
