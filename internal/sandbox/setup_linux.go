//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// Setup confines the calling OS thread to p, so that the process it forks
// next is sandboxed. The caller must hold runtime.LockOSThread on a thread
// other than the main thread and must never unlock it: the thread has to
// die with its goroutine. Where namespaces are allowed it gives the thread
// a private mount namespace (protected paths read-only, a /proc that shows
// only the sandbox's processes) and, without network, a network namespace
// with loopback up; then it drops all capabilities, sets no_new_privs and
// enforces a Landlock domain.
func Setup(p Policy) error {
	flags := unix.CLONE_NEWNS
	if !p.Network {
		flags |= unix.CLONE_NEWNET
	}
	if err := unix.Unshare(flags); err == nil {
		if err := mountView(p); err != nil {
			return err
		}
		if !p.Network {
			if err := loopbackUp(); err != nil {
				return fmt.Errorf("sandbox: loopback: %w", err)
			}
		}
	} else if !errors.Is(err, unix.EPERM) && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("sandbox: unshare: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: no_new_privs: %w", err)
	}
	if err := restrict(p); err != nil {
		return err
	}
	return dropCapabilities()
}

// mountView makes every mount private to the new namespace, remounts the
// protected paths read-only and mounts a /proc in which processes outside
// the sandbox's Landlock domain are invisible (hidepid=invisible with a
// group nobody is in, so root is not exempt).
func mountView(p Policy) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("sandbox: private mounts: %w", err)
	}
	for _, path := range p.Protected {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&os.ModeSymlink != 0 {
			continue // only what exists (a link cannot be a mount point)
		}
		if err := unix.Mount(path, path, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("sandbox: protect %s: %w", path, err)
		}
		if err := unix.Mount("", path, "", unix.MS_BIND|unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("sandbox: protect %s: %w", path, err)
		}
	}
	const procFlags = unix.MS_NOSUID | unix.MS_NODEV | unix.MS_NOEXEC
	if err := unix.Mount("proc", "/proc", "proc", procFlags, "hidepid=invisible,gid=65534"); err != nil {
		return fmt.Errorf("sandbox: mount /proc: %w", err)
	}
	return nil
}

// loopbackUp brings up lo in the thread's new network namespace, so that
// servers a command starts for itself (tests) can listen on 127.0.0.1.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return err
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	return unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr)
}

// restrict enforces the Landlock domain of p on the calling thread.
func restrict(p Policy) error {
	cfg := landlock.V11
	if p.Network {
		cfg.HandledAccessNet = 0
	}
	fd, flags, err := cfg.BestEffort().NewRulesetFD(rules(p)...)
	if err != nil {
		return fmt.Errorf("sandbox: landlock rules: %w", err)
	}
	if fd < 0 {
		return errors.New("sandbox: landlock is not available")
	}
	defer unix.Close(fd)
	if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
		return fmt.Errorf("sandbox: landlock: %w", err)
	}
	return nil
}

// rules grants read access below p.Read, full access below p.Write and the
// system device files; paths that do not exist are skipped.
func rules(p Policy) []landlock.Rule {
	var out []landlock.Rule
	add := func(path string, dir, file func(...string) landlock.FSRule, refer bool) {
		fi, err := os.Stat(path)
		switch {
		case err != nil:
		case fi.IsDir():
			r := dir(path)
			if refer {
				r = r.WithRefer()
			}
			out = append(out, r)
		default:
			out = append(out, file(path))
		}
	}
	for _, path := range p.Read {
		add(path, landlock.RODirs, landlock.ROFiles, false)
	}
	for _, path := range append(append([]string(nil), p.Write...), systemWritable...) {
		add(path, landlock.RWDirs, landlock.RWFiles, true)
	}
	return out
}

// dropCapabilities empties the bounding, ambient, effective, permitted and
// inheritable capability sets of the thread, so that not even root keeps
// privileges in the sandbox (execve would otherwise grant root all of the
// bounding set).
func dropCapabilities() error {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return fmt.Errorf("sandbox: capget: %w", err)
	}
	if data[0].Effective&(1<<unix.CAP_SETPCAP) != 0 {
		for c := 0; ; c++ {
			if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil {
				break // EINVAL past the last capability
			}
		}
	}
	_ = unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	data = [2]unix.CapUserData{}
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("sandbox: drop capabilities: %w", err)
	}
	return nil
}
