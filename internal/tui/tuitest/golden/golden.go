// Package golden compares rendered views with testdata/*.golden files.
// Colors and trailing spaces are stripped first so that the files are
// stable across terminals and readable in review. Run tests with -update to
// rewrite the files.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden files")

// Plain strips ANSI sequences and the trailing spaces of every line.
func Plain(s string) string {
	lines := strings.Split(ansi.Strip(s), "\n")
	for i, ln := range lines {
		lines[i] = strings.TrimRight(ln, " ")
	}
	return strings.Join(lines, "\n")
}

// Assert compares Plain(got) with testdata/<name>.golden, or rewrites the
// file when -update is set.
func Assert(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	plain := Plain(got)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(plain), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden (run with -update to create): %v", err)
	}
	if string(want) != plain {
		t.Errorf("%s differs from golden file:\n--- got ---\n%s\n--- want ---\n%s", name, plain, want)
	}
}
