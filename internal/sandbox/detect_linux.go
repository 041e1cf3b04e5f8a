//go:build linux

package sandbox

import (
	"runtime"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// Detect probes what this machine enforces: the Landlock ABI, and whether
// Hone may create mount and network namespaces (tried on a throwaway
// thread).
func Detect() Status {
	s := Status{Platform: platform(), Network: NetNone}
	abi, err := ll.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		s.Reason = "the kernel has no Landlock (Linux 5.13+ with landlock in the lsm= list)"
		return s
	}
	s.LandlockABI = abi
	s.Filesystem = true
	s.Signals = abi >= 6
	if err := probeNamespaces(); err != nil {
		s.Reason = "no mount and network namespaces (" + err.Error() + "; they need CAP_SYS_ADMIN)"
		if abi >= 4 {
			s.Network = NetLandlockTCP
		}
		return s
	}
	s.Network, s.Protected, s.ProcessView = NetNamespace, true, true
	return s
}

// probeNamespaces creates a mount and a network namespace on a thread that
// is thrown away afterwards.
func probeNamespaces() error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread exits with the goroutine
		if unix.Gettid() == unix.Getpid() {
			done <- probeNamespaces() // never change the main thread
			runtime.UnlockOSThread()
			return
		}
		if err := unix.Unshare(unix.CLONE_NEWNS | unix.CLONE_NEWNET); err != nil {
			done <- err
			return
		}
		done <- unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, "")
	}()
	return <-done
}
