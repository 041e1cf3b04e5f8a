package e2e

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// honeBin is the binary under test, set once by TestMain.
var honeBin string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	flag.Parse()
	if bin := os.Getenv("HONE_E2E_BIN"); bin != "" {
		honeBin = bin
		// A binary fresh from the linker is resident from its writes;
		// benchmarks want it mapped as an installed one is.
		for _, b := range executables(bin) {
			_ = settle(b)
		}
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "hone-e2e-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin, err := buildHone(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	honeBin = bin
	return m.Run()
}

// buildHone builds hone, hone-full (which hone hands its interface and
// `hone mcp serve` to), hone-procs (its process supervisor) and
// hone-gemini (which serves its Gemini calls) into dir.
// It uses the flags of the plain `go build -o bin/ . ./cmd/...` that CI
// and developers run, so
// the compiled packages come from the same build cache; -s -w only skips
// writing symbols and DWARF (never mapped at run time), which makes the
// link several times faster.
func buildHone(dir string) (string, error) {
	bin := filepath.Join(dir, "hone")
	start := time.Now()
	cmd := exec.Command("go", "build", "-ldflags=-s -w", "-o", dir+string(filepath.Separator),
		"github.com/honecode/hone", "github.com/honecode/hone/cmd/...")
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("build hone: %w", err)
	}
	for _, b := range executables(bin) {
		if err := settle(b); err != nil {
			return "", fmt.Errorf("build hone: %w", err)
		}
	}
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "e2e: built %s in %s\n", bin, time.Since(start).Round(time.Millisecond))
	}
	return bin, nil
}

// executables are hone at bin and the executables installed next to it.
func executables(bin string) []string {
	dir := filepath.Dir(bin)
	return []string{bin, filepath.Join(dir, "hone-full"), filepath.Join(dir, "hone-procs"), filepath.Join(dir, "hone-gemini")}
}
