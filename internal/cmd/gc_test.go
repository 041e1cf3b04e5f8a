package cmd

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// TestMainSetsTheGCGoalUnlessGOGCIsSet: a command run without GOGC
// leaves the collector at Hone's goal; with GOGC set, Hone keeps the
// user's (which the runtime read at start).
func TestMainSetsTheGCGoalUnlessGOGCIsSet(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	t.Setenv("GOGC", "")
	var out bytes.Buffer
	if code := Main(context.Background(), []string{"version"}, IO{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
		t.Fatalf("hone version: exit %d\n%s", code, out.String())
	}
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("without GOGC: GC percent %d, want %d", got, gcPercent)
	}
	t.Setenv("GOGC", "50")
	if code := Main(context.Background(), []string{"version"}, IO{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
		t.Fatalf("hone version: exit %d\n%s", code, out.String())
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set: GC percent changed to %d", got)
	}
}
