package cmd

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// TestRunSetsTheGCGoalUnlessGOGCIsSet: `hone run` without GOGC runs at
// Hone's goal (here it stops at a bad --output-format, after setting it); with
// GOGC set it keeps the user's, which the runtime read at start; other
// commands leave Go's default.
func TestRunSetsTheGCGoalUnlessGOGCIsSet(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	run := func(args ...string) {
		t.Helper()
		var out bytes.Buffer
		Main(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &out})
	}
	t.Setenv("GOGC", "")
	run("version")
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("hone version: GC percent %d, want Go's default", got)
	}
	run("run", "--output-format", "nonsense", "hi")
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("hone run without GOGC: GC percent %d, want %d", got, gcPercent)
	}
	t.Setenv("GOGC", "50")
	run("run", "--output-format", "nonsense", "hi")
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("hone run with GOGC set: GC percent changed to %d", got)
	}
}
