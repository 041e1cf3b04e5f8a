package acp

import "strings"

// diffTexts turns a unified diff (as the file tools produce it) into the
// old and new text ACP's diff content carries: the lines of every hunk,
// context included, hunks separated by a blank line. created is set when
// the diff only adds lines (a new file), so the old text is absent.
func diffTexts(unified string) (oldText, newText string, created bool) {
	var o, n []string
	inHunk, hunks, removed, context := false, 0, 0, 0
	for line := range strings.SplitSeq(strings.TrimSuffix(unified, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "@@"):
			if inHunk = true; hunks > 0 {
				o, n = append(o, ""), append(n, "")
			}
			hunks++
		case !inHunk, strings.HasPrefix(line, `\`):
		case strings.HasPrefix(line, "+"):
			n = append(n, line[1:])
		case strings.HasPrefix(line, "-"):
			o = append(o, line[1:])
			removed++
		default:
			text := strings.TrimPrefix(line, " ")
			o, n = append(o, text), append(n, text)
			context++
		}
	}
	return joinLines(o), joinLines(n), removed == 0 && context == 0
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}
