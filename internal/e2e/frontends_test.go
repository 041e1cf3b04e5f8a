package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHoneWithoutHoneFullSaysHowToBuildIt: hone hands the interface and
// `hone mcp serve` to hone-full next to it; alone, it says so and how to
// build both, and exits 1, while its own commands keep working.
func TestHoneWithoutHoneFullSaysHowToBuildIt(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	alone := honeAlone(t)
	run := func(args ...string) (string, int) {
		cmd := exec.Command(alone, args...)
		cmd.Dir, cmd.Env = e.project, e.environ()
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return string(out), ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), 0
	}
	out, code := run("mcp", "serve")
	if code != 1 || !strings.Contains(out, "hone-full") || !strings.Contains(out, "task build") {
		t.Errorf("hone mcp serve without hone-full: exit %d, output %q; want 1 and how to build hone-full", code, out)
	}
	if out, code := run("version"); code != 0 || !strings.HasPrefix(out, "hone ") {
		t.Errorf("hone version without hone-full: exit %d, %q", code, out)
	}
}

// honeAlone is a copy of hone in a directory of its own, without the
// executables installed next to it (hone-full, hone-procs).
func honeAlone(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(honeBin)
	if err != nil {
		t.Fatal(err)
	}
	alone := filepath.Join(t.TempDir(), "hone")
	if err := os.WriteFile(alone, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return alone
}
