package tools

import (
	"os"
	"testing"

	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
)

// TestMain lets the test binary serve as the process supervisor
// (BenchmarkBashStart starts it as `<test binary> __procs`).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == procgroup.ServeArg {
		os.Exit(procgroup.Serve(os.NewFile(3, "procs"), sandbox.Confine))
	}
	os.Exit(m.Run())
}
