// Package e2e holds end-to-end tests and benchmarks of the hone binary.
//
// TestMain builds the binaries once per test run (hone, hone-full and
// hone-procs, go build into a temporary directory; HONE_E2E_BIN names a
// prebuilt hone instead, with the other two next to it) and the tests drive
// it as a subprocess, the way a person or a script does: each test gets its
// own HOME, XDG_CONFIG_HOME, data directory and project directory, a
// scripted fake model from a config file or a local server that speaks
// the OpenAI Chat Completions wire format, and no network or API key.
//
// The benchmarks measure the targets of the developers' guide at binary
// level: start-up of `hone version`, time from process start to the first
// model request, peak RSS of a one-tool turn, and the gap between a tool
// result and the next model request.
package e2e
