//go:build linux

package procgroup

import "golang.org/x/sys/unix"

func isMainThread() bool { return unix.Gettid() == unix.Getpid() }
