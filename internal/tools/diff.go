package tools

import (
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// unifiedDiff returns the unified diff from before to after, labelled
// with path, and its counts of added and removed lines.
func unifiedDiff(path string, before, after []byte) (diff string, added, removed int) {
	edits := udiff.Lines(string(before), string(after))
	diff, err := udiff.ToUnified("a/"+path, "b/"+path, string(before), edits, udiff.DefaultContextLines)
	if err != nil { // cannot happen: the edits were computed from before
		return "", 0, 0
	}
	inHunk := false // the ---/+++ header lines come before the first @@
	for line := range strings.SplitSeq(diff, "\n") {
		switch {
		case strings.HasPrefix(line, "@@"):
			inHunk = true
		case !inHunk:
		case strings.HasPrefix(line, "+"):
			added++
		case strings.HasPrefix(line, "-"):
			removed++
		}
	}
	return diff, added, removed
}

// UnifiedDiff is the unified diff from before to after, labelled with
// path, with its counts of added and removed lines (as the file tools
// show them); front ends use it for the file history.
func UnifiedDiff(path string, before, after []byte) (diff string, added, removed int) {
	return unifiedDiff(path, before, after)
}
