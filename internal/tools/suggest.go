package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/honecode/hone/internal/fsguard"
)

// Bounds that keep the similarity searches cheap on big inputs.
const (
	maxSuggestEntries = 5000 // directory entries considered by didYouMean
	maxCompareRunes   = 120  // runes of each string compared
	maxHintLines      = 20000
)

// didYouMean explains that abs does not exist and names up to three
// entries of its directory with similar names.
func didYouMean(abs, shown string) string {
	dir := filepath.Dir(abs)
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Sprintf("%s does not exist (nor does its directory %s).", shown, dir)
	}
	defer f.Close()
	names, _ := f.Readdirnames(maxSuggestEntries)
	base := strings.ToLower(filepath.Base(abs))
	type cand struct {
		name string
		dist int
	}
	var cands []cand
	for _, n := range names {
		if d := nameDistance(base, strings.ToLower(n)); d >= 0 {
			cands = append(cands, cand{n, d})
		}
	}
	slices.SortFunc(cands, func(a, b cand) int { return a.dist - b.dist })
	msg := fmt.Sprintf("%s does not exist.", shown)
	if len(cands) == 0 {
		return msg
	}
	var alts []string
	for _, c := range cands[:min(3, len(cands))] {
		alts = append(alts, filepath.Join(filepath.Dir(shown), c.name))
	}
	return msg + " Did you mean " + strings.Join(alts, ", ") + "?"
}

// missingFile explains that target does not exist; inside the project it
// suggests similar names, outside it lists nothing (no read was allowed).
func missingFile(target fsguard.Resolved) string {
	if !target.Inside {
		return fmt.Sprintf("%s does not exist.", target.Abs)
	}
	return didYouMean(target.Abs, target.Rel)
}

// nameDistance scores how close file name b is to a (lower is closer), or
// -1 when they are not alike.
func nameDistance(a, b string) int {
	stem := func(s string) string { return strings.TrimSuffix(s, filepath.Ext(s)) }
	switch {
	case a == b:
		return 0
	case stem(a) == stem(b) && stem(a) != "":
		return 1
	case strings.HasPrefix(b, a) || strings.HasPrefix(a, b):
		return 2
	}
	d := levenshtein(a, b)
	if d <= max(2, utf8.RuneCountInString(a)/4) {
		return 2 + d
	}
	return -1
}

// closestLine names the line of content most like the first non-blank line
// of old, as a hint after a failed match ("" when nothing is close).
func closestLine(content, old string) string {
	want := strings.TrimSpace(firstNonBlank(strings.Split(old, "\n")))
	if want == "" {
		return ""
	}
	bestLine, bestScore, bestText := 0, 0.0, ""
	for i, line := range strings.SplitN(content, "\n", maxHintLines) {
		t := strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if t == "" {
			continue
		}
		if s := similarity(want, t); s > bestScore {
			bestLine, bestScore, bestText = i+1, s, t
		}
	}
	if bestScore < 0.5 {
		return ""
	}
	if utf8.RuneCountInString(bestText) > 200 {
		bestText = string([]rune(bestText)[:200]) + "…"
	}
	return fmt.Sprintf("The closest line is line %d: %q", bestLine, bestText)
}

// similarity is 1 for equal strings, falling towards 0 as the edit
// distance between their first maxCompareRunes runes grows.
func similarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	ra, rb = ra[:min(len(ra), maxCompareRunes)], rb[:min(len(rb), maxCompareRunes)]
	longest := max(len(ra), len(rb))
	if longest == 0 || 2*min(len(ra), len(rb)) < longest { // too different in length to be close
		return 0
	}
	return 1 - float64(levenshteinRunes(ra, rb))/float64(longest)
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	return levenshteinRunes(ra[:min(len(ra), maxCompareRunes)], rb[:min(len(rb), maxCompareRunes)])
}

// levenshteinRunes is the edit distance between a and b (two-row DP).
func levenshteinRunes(a, b []rune) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
