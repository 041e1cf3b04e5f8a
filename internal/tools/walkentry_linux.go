//go:build linux

package tools

import "golang.org/x/sys/unix"

// modTime is the entry's modification time in Unix nanoseconds, without
// following a symbolic link; 0 when it cannot be read.
func (e walkEntry) modTime() int64 {
	var st unix.Stat_t
	if err := unix.Fstatat(e.dirFD, e.Name(), &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return 0
	}
	return st.Mtim.Nano()
}
