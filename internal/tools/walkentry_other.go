//go:build !linux

package tools

// modTime is the entry's modification time in Unix nanoseconds, without
// following a symbolic link; 0 when it cannot be read.
func (e walkEntry) modTime() int64 {
	info, err := e.Info()
	if err != nil {
		return 0
	}
	return info.ModTime().UnixNano()
}
