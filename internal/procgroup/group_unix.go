//go:build unix

package procgroup

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// groupAttr makes the child lead a new session or process group.
func groupAttr(session bool) *syscall.SysProcAttr {
	if session {
		return &syscall.SysProcAttr{Setsid: true}
	}
	return &syscall.SysProcAttr{Setpgid: true}
}

// signalGroup signals every process of the group led by pid.
func signalGroup(pid int, sig syscall.Signal) { _ = syscall.Kill(-pid, sig) }

// exitStatus converts a wait status.
func exitStatus(ws syscall.WaitStatus) ExitStatus {
	if ws.Signaled() {
		return ExitStatus{Code: -1, Signal: unix.SignalName(ws.Signal())}
	}
	return ExitStatus{Code: ws.ExitStatus()}
}
