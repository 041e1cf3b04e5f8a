package cmd

import "runtime/debug"

// gcPercent is the collector's goal `hone run` runs with when GOGC is not
// set: the heap may grow to three times what is live (Go's default is
// twice). A run's turn then collects about half as often: fewer
// collections on the path to each request, and fewer pages of the binary
// (the function tables a collection reads to scan stacks) touched, which
// keeps the one-tool turn's peak RSS under its target (see
// docs/performance.md, "Binary size and RSS"). Other commands keep Go's
// default: at 200, `sessions show` of a long session peaked 3 MiB higher
// and was no faster, and the interface, which may hold a session for
// hours, keeps its smaller heap.
const gcPercent = 200

// tuneGC sets gcPercent unless the user chose a GOGC, which the runtime
// already applied.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}
