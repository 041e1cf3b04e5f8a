package tools

import (
	"regexp"
	"testing"
)

// TestHasCountFilterMatchesTheRegexp: the hand-written check agrees with
// the regular expression it replaced on edge cases of spacing and
// position.
func TestHasCountFilterMatchesTheRegexp(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`(^|\s)count:\S+`)
	for _, q := range []string{"", "count:", "count:5", "x count:5", "xcount:5", "count: 5", "a\tcount:all",
		"count:\n", "repo:x  count:10 lang:go", "count:count:1", "a count:", "count:x count:", "\u00a0count:3",
		"count:\u00a0", "re count:\v"} {
		if got, want := hasCountFilter(q), re.MatchString(q); got != want {
			t.Errorf("hasCountFilter(%q) = %v, regexp says %v", q, got, want)
		}
	}
}
