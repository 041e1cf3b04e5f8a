package tools

import (
	"fmt"
	"io/fs"
	"slices"
	"sync"
	"testing"
)

// TestWalkTreeParallelSeesWhatWalkTreeSees: the parallel walk reports
// exactly the entries of the ordered walk (ignore files at several
// levels, negation, .git, symbolic links, hidden files), in any order.
func TestWalkTreeParallelSeesWhatWalkTreeSees(t *testing.T) {
	t.Parallel()
	te := grepFixture(t)
	te.write(t, "sub/deeper/.gitignore", "*.tmp\n!keep.tmp\n")
	for i := range 30 {
		te.write(t, fmt.Sprintf("sub/deeper/d%d/x%d.tmp", i%4, i), "x\n")
		te.write(t, fmt.Sprintf("sub/deeper/d%d/keep.tmp", i%4), "x\n")
		te.write(t, fmt.Sprintf("sub/deeper/d%d/local.go", i%4), "x\n")
		te.write(t, fmt.Sprintf("w%d/file%d.go", i%7, i), "x\n")
	}
	for _, root := range []string{te.root, te.root + "/sub", te.root + "/sub/deeper"} {
		var ordered []string
		if err := walkTree(t.Context(), root, func(abs string, _ fs.DirEntry) error {
			ordered = append(ordered, abs)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var parallel []string
		if err := walkTreeParallel(t.Context(), root, walkWorkers(), func(_ int, abs string, _ walkEntry) {
			mu.Lock()
			parallel = append(parallel, abs)
			mu.Unlock()
		}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(ordered)
		slices.Sort(parallel)
		if !slices.Equal(ordered, parallel) {
			t.Errorf("root %s:\nwalkTree         %q\nwalkTreeParallel %q", root, ordered, parallel)
		}
		if len(ordered) < 5 {
			t.Errorf("root %s: only %d entries walked", root, len(ordered))
		}
	}
}
