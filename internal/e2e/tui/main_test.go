package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// honeBin is the binary under test, set once by TestMain.
var honeBin string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	if bin := os.Getenv("HONE_E2E_BIN"); bin != "" {
		honeBin = bin
		return m.Run()
	}
	if _, err := exec.LookPath("tmux"); err != nil && !testenv.InCI() {
		return m.Run() // every test skips; building would be wasted
	}
	dir, err := os.MkdirTemp("", "hone-tui-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "tui e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	honeBin = filepath.Join(dir, "hone")
	// hone hands the interface to hone-full next to it, and both start
	// their process supervisor from hone-procs: build all three.
	// -s -w skips symbol tables and DWARF: a faster link, same programs.
	cmd := exec.Command("go", "build", "-ldflags=-s -w", "-o", dir+string(filepath.Separator),
		"github.com/honecode/hone", "github.com/honecode/hone/cmd/...")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "tui e2e: build hone:", err)
		return 1
	}
	return m.Run()
}
