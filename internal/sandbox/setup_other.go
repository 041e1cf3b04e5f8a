//go:build !linux

package sandbox

import "errors"

// ErrUnsupported is returned where commands cannot be sandboxed.
var errUnsupported = errors.New("sandbox: not supported on this platform")

// Detect reports that nothing is enforced on this platform.
func Detect() Status {
	return Status{Platform: platform(), Network: NetNone, Reason: "Hone's sandbox uses Landlock and namespaces, which only Linux has"}
}

// Setup fails: commands cannot be sandboxed on this platform.
func Setup(Policy) error { return errUnsupported }
