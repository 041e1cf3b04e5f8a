package sandbox

import (
	"fmt"
	"runtime"
	"strings"
)

// Network isolation methods.
const (
	NetNamespace   = "namespace"    // a network namespace with only loopback
	NetLandlockTCP = "landlock-tcp" // Landlock denies TCP connect and bind; UDP is not covered
	NetNone        = "none"
)

// Status is what this machine can enforce.
type Status struct {
	Platform string `json:"platform"`
	// LandlockABI is the kernel's Landlock ABI version (0: none).
	LandlockABI int `json:"landlock_abi"`
	// Filesystem: reads and writes are confined to the policy's roots.
	Filesystem bool `json:"filesystem"`
	// Network names how network access is denied.
	Network string `json:"network"`
	// Protected: protected paths inside the project are read-only
	// (mount namespace).
	Protected bool `json:"protected_paths"`
	// ProcessView: other processes (Hone's included) are invisible in
	// /proc (mount namespace and Landlock).
	ProcessView bool `json:"process_view"`
	// Signals: signals to processes outside the sandbox are refused
	// (Landlock ABI 6+).
	Signals bool `json:"signals"`
	// Reason explains what is missing, if anything.
	Reason string `json:"reason,omitempty"`
}

// Usable reports whether commands can be sandboxed at all (filesystem
// confinement and some network denial).
func (s Status) Usable() bool { return s.Filesystem && s.Network != NetNone }

// Complete reports whether everything a workspace-write sandbox promises
// is enforced; the sandboxed auto mode needs it.
func (s Status) Complete() bool {
	return s.Usable() && s.Network == NetNamespace && s.Protected && s.ProcessView
}

// Lines describes the status for people, one aspect per line.
func (s Status) Lines() []string {
	yes := func(b bool) string {
		if b {
			return "enforced"
		}
		return "not enforced"
	}
	net := map[string]string{
		NetNamespace:   "denied (network namespace with only loopback)",
		NetLandlockTCP: "TCP denied by Landlock; UDP and other protocols not enforced",
		NetNone:        "not enforced",
	}[s.Network]
	lines := []string{
		"platform: " + s.Platform,
		fmt.Sprintf("landlock: ABI %d", s.LandlockABI),
		"filesystem confinement: " + yes(s.Filesystem),
		"network: " + net,
		"read-only .git and config files in the project: " + yes(s.Protected),
		"other processes hidden (/proc): " + yes(s.ProcessView),
		"signals outside the sandbox refused: " + yes(s.Signals),
	}
	switch {
	case s.Complete():
		lines = append(lines, "sandboxed commands and the auto mode are available")
	case s.Usable():
		lines = append(lines, "commands are sandboxed with the gaps above; the auto mode asks like default")
	default:
		lines = append(lines, "commands cannot be sandboxed here: anything not read-only asks, and the auto mode asks like default")
	}
	if s.Reason != "" {
		lines = append(lines, "why: "+s.Reason)
	}
	return lines
}

// String is Lines joined by newlines.
func (s Status) String() string { return strings.Join(s.Lines(), "\n") }

func platform() string { return runtime.GOOS + "/" + runtime.GOARCH }
