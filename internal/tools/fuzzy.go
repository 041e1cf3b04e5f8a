package tools

import (
	"fmt"
	"strings"
)

// fuzzyReplace matches old against content line by line ignoring
// differences in whitespace (indentation, runs of spaces, trailing
// blanks). On a unique match (or any match with all) the matched lines are
// replaced by new, re-indented from old's indentation to the file's, and
// note says so. ok is false when nothing matched.
func fuzzyReplace(content, old, new string, all bool) (out, note string, ok bool, err error) {
	crlf := strings.Contains(content, "\r\n")
	lines := strings.Split(strings.ReplaceAll(content, "\r\n", "\n"), "\n")
	want, lead, trail := trimBlankLines(strings.Split(strings.ReplaceAll(old, "\r\n", "\n"), "\n"))
	if len(want) == 0 {
		return "", "", false, nil
	}
	starts := fuzzyMatches(lines, want)
	switch {
	case len(starts) == 0:
		return "", "", false, nil
	case len(starts) > 1 && !all:
		return "", "", true, fmt.Errorf("old_string was not found exactly, and ignoring whitespace it matches %d places; include more surrounding lines to make it unique", len(starts))
	}
	var newLines []string // new == "" deletes the matched lines
	if new != "" {
		newLines = trimBlankEdges(strings.Split(strings.ReplaceAll(new, "\r\n", "\n"), "\n"), lead, trail)
	}
	for i := len(starts) - 1; i >= 0; i-- { // from the end, so earlier starts stay valid
		at := starts[i]
		repl := reindent(newLines, indentMap(want, lines[at:at+len(want)]))
		lines = append(lines[:at], append(repl, lines[at+len(want):]...)...)
	}
	out = strings.Join(lines, "\n")
	if crlf {
		out = toCRLF(out)
	}
	note = fmt.Sprintf("Note: old_string did not match exactly; it matched line %d when whitespace is ignored, and new_string was re-indented to the file's indentation. View the result to check it.", starts[0]+1)
	return out, note, true, nil
}

// fuzzyMatches returns the indexes where want starts in lines, comparing
// lines with whitespace normalized; matches do not overlap.
func fuzzyMatches(lines, want []string) []int {
	norm := make([]string, len(want))
	for i, w := range want {
		norm[i] = normalizeSpace(w)
	}
	var starts []int
	for i := 0; i+len(want) <= len(lines); i++ {
		if linesMatch(lines[i:i+len(want)], norm) {
			starts = append(starts, i)
			i += len(want) - 1
		}
	}
	return starts
}

func linesMatch(lines, norm []string) bool {
	for k, n := range norm {
		if normalizeSpace(lines[k]) != n {
			return false
		}
	}
	return true
}

// normalizeSpace trims s and collapses its runs of whitespace.
func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// indenter maps the indentation old_string used to the file's.
type indenter struct {
	m                map[string]string // old indentation -> file indentation
	unitOld, unitNew string            // one indentation step in each, when known
}

// indentMap pairs the indentation of each non-blank line of old with that
// of the file line it matched, and infers one indentation step from two
// nested pairs ("    " -> "\t").
func indentMap(old, matched []string) indenter {
	in := indenter{m: map[string]string{}}
	for i, l := range old {
		if strings.TrimSpace(l) != "" {
			if _, seen := in.m[indentOf(l)]; !seen {
				in.m[indentOf(l)] = indentOf(matched[i])
			}
		}
	}
	for from, to := range in.m {
		for from2, to2 := range in.m {
			if len(from2) > len(from) && strings.HasPrefix(from2, from) && strings.HasPrefix(to2, to) && len(to2) > len(to) {
				in.unitOld, in.unitNew = from2[len(from):], to2[len(to):]
			}
		}
	}
	return in
}

// reindent rewrites the indentation of lines: the longest known old
// indentation prefix becomes the file's, and any deeper part is converted
// step by step.
func reindent(lines []string, in indenter) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		ind := indentOf(l)
		best := ""
		for from := range in.m {
			if strings.HasPrefix(ind, from) && len(from) >= len(best) {
				best = from
			}
		}
		extra := ind[len(best):]
		if in.unitOld != "" {
			extra = strings.ReplaceAll(extra, in.unitOld, in.unitNew)
		}
		out[i] = in.m[best] + extra + l[len(ind):]
	}
	return out
}

// trimBlankLines drops the blank lines at both ends of lines and says how
// many it dropped at the start and at the end.
func trimBlankLines(lines []string) (trimmed []string, lead, trail int) {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines, lead = lines[1:], lead+1
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines, trail = lines[:len(lines)-1], trail+1
	}
	return lines, lead, trail
}

// trimBlankEdges drops up to lead blank lines from the start of lines and
// up to trail from the end: the ones matching what was trimmed from old.
func trimBlankEdges(lines []string, lead, trail int) []string {
	for ; lead > 0 && len(lines) > 0 && strings.TrimSpace(lines[0]) == ""; lead-- {
		lines = lines[1:]
	}
	for ; trail > 0 && len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == ""; trail-- {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// firstNonBlank returns the first line that is not blank ("" if none).
func firstNonBlank(lines []string) string {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return ""
}

func indentOf(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }
