// Package testenv tells tests what the machine offers. A program a test
// needs (ripgrep, tmux, gopls, the npm MCP servers) is required under CI,
// whose .ci/run installs it, and optional elsewhere, so `go test ./...`
// passes on a bare machine while CI never silently skips.
package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// InCI reports whether the tests run in CI (the CI variable is set).
func InCI() bool { return os.Getenv("CI") != "" }

// LookPath returns the path of the program name. When it is not on PATH
// the test fails under CI and is skipped elsewhere.
func LookPath(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if InCI() {
		t.Fatalf("%s not found on PATH; CI must install it (see .ci/run)", name)
	}
	t.Skipf("%s not installed", name)
	return ""
}

// Deps lists the packages outside the standard library that the package
// in the working directory links (go list -deps): a guard test of a small
// executable checks them against what it may link.
func Deps(t testing.TB) []string {
	t.Helper()
	goTool := LookPath(t, "go")
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	return strings.Fields(string(out))
}
