//go:build !linux

package procgroup

// isMainThread is false: threads are never confined outside Linux.
func isMainThread() bool { return false }
