//go:build unix

package procgroup

import "syscall"

// groupAttr puts the child in a new process group, so that the group can
// be signalled as a whole and terminal signals meant for Hone skip it.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// termGroup asks every process of the group led by pid to terminate.
func termGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGTERM) }

// killGroup kills every process of the group led by pid.
func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }
