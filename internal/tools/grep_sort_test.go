package tools

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/testenv"
)

func TestComparePathsWalkOrder(t *testing.T) {
	t.Parallel()
	want := []string{"/r/.hidden/h.go", "/r/a/b/c.go", "/r/a/b.go", "/r/a.go", "/r/a0", "/r/b", "/r/b/a"}
	got := slices.Clone(want)
	rand.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
	slices.SortFunc(got, comparePaths)
	if !slices.Equal(got, want) {
		t.Fatalf("sorted = %q, want %q", got, want)
	}
}

// TestGrepSorterKeepsWhatTheCollectorTakes: files arriving in any order
// give the collector exactly the matches (and saved bytes) it gets from
// the same files in walk order, with or without saved output.
func TestGrepSorterKeepsWhatTheCollectorTakes(t *testing.T) {
	t.Parallel()
	var files [][]grepMatch
	for i := range 60 {
		var ms []grepMatch
		for l := range 1 + i%5 {
			ms = append(ms, grepMatch{path: fmt.Sprintf("/r/d%d/f%02d.go", i%7, i), line: l + 1, text: strings.Repeat("x", i)})
		}
		files = append(files, ms)
	}
	for _, budget := range []int64{0, 1, 500, 4000, 1 << 20} {
		collect := func(order [][]grepMatch, sorted bool) (*grepCollector, string) {
			var buf bytes.Buffer
			c := &grepCollector{limit: 20, name: func(abs string) string { return abs[3:] }}
			if budget > 0 {
				c.out, c.budget = &buf, budget
			}
			if sorted {
				for _, ms := range order {
					for _, m := range ms {
						if !c.add(m) {
							return c, buf.String()
						}
					}
				}
				return c, buf.String()
			}
			s := newGrepSorter(c)
			for _, ms := range order {
				for _, m := range ms {
					s.add(m)
				}
			}
			s.flush()
			return c, buf.String()
		}
		walk := slices.Clone(files)
		slices.SortFunc(walk, func(a, b []grepMatch) int { return comparePaths(a[0].path, b[0].path) })
		wantC, wantOut := collect(walk, true)
		for range 5 {
			shuffled := slices.Clone(files)
			rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			gotC, gotOut := collect(shuffled, false)
			if !slices.Equal(gotC.matches, wantC.matches) || (gotC.extra > 0) != (wantC.extra > 0) || gotOut != wantOut {
				t.Fatalf("budget %d: sorter gave %d matches (+%d), %d bytes; walk order %d (+%d), %d bytes",
					budget, len(gotC.matches), gotC.extra, len(gotOut), len(wantC.matches), wantC.extra, len(wantOut))
			}
		}
	}
}

// TestGrepRipgrepAndGoAgreeOnManyFiles: with enough files for ripgrep's
// threads to print them out of order, and more matches than a result
// shows, both searches show the same first matches.
func TestGrepRipgrepAndGoAgreeOnManyFiles(t *testing.T) {
	t.Parallel()
	rg := testenv.LookPath(t, "rg")
	te := newToolEnv(t)
	for i := range 400 {
		te.write(t, fmt.Sprintf("p%d/q%d/file%03d.txt", i%9, i%4, i), strings.Repeat("needle here\nhay\n", 1+i%3))
	}
	for _, args := range []jsonArgs{{"pattern": "needle"}, {"pattern": "needle", "path": "p3"}, {"pattern": "needle", "include": "file1*"}} {
		withRG := runGrep(t, te, rg, args)
		withGo := runGrep(t, te, "", args)
		if withRG.Content != withGo.Content {
			t.Errorf("%v: ripgrep and Go search differ:\n--- rg\n%.2000s\n--- go\n%.2000s", args, withRG.Content, withGo.Content)
		}
	}
}
