package main

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// TestLinksOnlyTheSupervisor: hone-procs is ready in a few milliseconds
// because Go initializes only what it links, which is the supervisor, the
// sandbox and the standard library. An import that brings anything else
// (a provider SDK, SQLite, the config) fails here.
func TestLinksOnlyTheSupervisor(t *testing.T) {
	t.Parallel()
	allowed := []string{
		"github.com/honecode/hone/cmd/hone-procs",
		"github.com/honecode/hone/internal/procgroup",
		"github.com/honecode/hone/internal/sandbox",
		"github.com/honecode/hone/internal/projectfiles",
		"golang.org/x/sys/unix",
		"github.com/landlock-lsm/go-landlock/landlock",
		"kernel.org/pub/linux/libs/security/libcap/psx",
	}
	for _, pkg := range testenv.Deps(t) {
		ok := false
		for _, a := range allowed {
			ok = ok || pkg == a || strings.HasPrefix(pkg, a+"/")
		}
		if !ok {
			t.Errorf("hone-procs links %s; it must link only the supervisor and the sandbox", pkg)
		}
	}
}
