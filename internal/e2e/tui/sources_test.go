package tui

import (
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

// TestSourcesAreInputs ties go test's cached result of this package to
// the sources of the binaries TestMain builds (testenv.TrackModuleSources).
func TestSourcesAreInputs(t *testing.T) {
	t.Parallel()
	testenv.TrackModuleSources(t)
}
