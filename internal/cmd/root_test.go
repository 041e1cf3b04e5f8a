package cmd

import (
	"strings"
	"testing"
)

// Wrong positional arguments are usage errors (exit 2), like bad flags,
// in every command.
func TestArgumentErrorsExitTwo(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HONE_DATA_DIR", t.TempDir())
	for _, args := range [][]string{
		{"sessions", "show"},
		{"sessions", "rename", "only-id"},
		{"version", "extra"},
		{"config", "schema", "extra"},
		{"--no-such-flag"},
	} {
		code, _, errOut := hone(t, "", args...)
		if code != ExitUsage || !strings.HasPrefix(errOut, "hone: ") {
			t.Errorf("%v: exit %d, stderr %q; want exit %d with a message", args, code, errOut, ExitUsage)
		}
	}
}

func TestVersionPrintsVersionCommitAndGo(t *testing.T) {
	code, out, _ := hone(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "hone ") || !strings.Contains(out, "commit ") || !strings.Contains(out, "go1.") {
		t.Fatalf("version: exit %d, out %q", code, out)
	}
}
