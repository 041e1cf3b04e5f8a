package sandbox

import "strings"

// blockedSigns are error texts that a command confined by the sandbox
// prints when the sandbox refused it something: a write (EACCES, EPERM,
// EROFS), a read outside its roots, or a network connection (no route, no
// name resolution in an empty network namespace, Landlock's EACCES).
var blockedSigns = []string{
	"permission denied",
	"operation not permitted",
	"read-only file system",
	"network is unreachable",
	"could not resolve host",
	"temporary failure in name resolution",
	"name or service not known",
	"no address associated with hostname",
	"failed to resolve",
	"dial tcp",
	"connection refused",
	"getaddrinfo",
	"eacces",
	"eperm",
	"erofs",
	"enetunreach",
}

// Blocked reports whether the output of a sandboxed command that failed
// suggests the sandbox stopped it, and returns the first line that says
// so. It may be wrong both ways: it only decides whether to offer running
// the command again without the sandbox.
func Blocked(output string) (line string, ok bool) {
	for l := range strings.Lines(output) {
		low := strings.ToLower(l)
		for _, sign := range blockedSigns {
			if strings.Contains(low, sign) {
				return strings.TrimSpace(l), true
			}
		}
	}
	return "", false
}
