package toolview

import (
	"fmt"
	"strconv"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tui/styles"
)

type diffKind int

const (
	diffContext diffKind = iota
	diffAdd
	diffDel
	diffHunk
	diffNote
)

type diffLine struct {
	kind diffKind
	num  int // line number in the new file (old file for deletions)
	text string
}

// parseDiff reads a unified diff, numbering lines from the hunk headers.
// File headers ("---", "+++", "diff …", "index …") are dropped.
func parseDiff(diff string) []diffLine {
	var out []diffLine
	oldN, newN := 0, 0
	inHunk := false
	for _, ln := range splitLines(diff) {
		switch {
		case strings.HasPrefix(ln, "@@"):
			oldN, newN = hunkStarts(ln)
			inHunk = true
			out = append(out, diffLine{kind: diffHunk, text: ln})
		case !inHunk:
			continue
		case strings.HasPrefix(ln, "+"):
			out = append(out, diffLine{diffAdd, newN, ln[1:]})
			newN++
		case strings.HasPrefix(ln, "-"):
			out = append(out, diffLine{diffDel, oldN, ln[1:]})
			oldN++
		case strings.HasPrefix(ln, `\`):
			out = append(out, diffLine{kind: diffNote, text: ln})
		default:
			out = append(out, diffLine{diffContext, newN, strings.TrimPrefix(ln, " ")})
			oldN++
			newN++
		}
	}
	return out
}

// hunkStarts reads "@@ -a,b +c,d @@" and returns a and c.
func hunkStarts(h string) (oldStart, newStart int) {
	for _, f := range strings.Fields(h) {
		if len(f) < 2 || (f[0] != '-' && f[0] != '+') {
			continue
		}
		n, _ := strconv.Atoi(strings.SplitN(f[1:], ",", 2)[0])
		if f[0] == '-' {
			oldStart = n
		} else {
			newStart = n
		}
	}
	return oldStart, newStart
}

// Diff renders a unified diff with line numbers, added lines in green and
// removed ones in red (marked + and - for terminals without colors),
// keeping at most limit lines (all when limit < 0).
func Diff(t *styles.Theme, diff string, width, limit int) ([]string, int) {
	parsed := parseDiff(diff)
	numW := 1
	for _, d := range parsed {
		numW = max(numW, len(strconv.Itoa(d.num)))
	}
	textW := max(width-numW-3, 4)
	var out []string
	for i, d := range parsed {
		switch d.kind {
		case diffHunk:
			if i > 0 {
				out = append(out, t.DiffHunk.Render(strings.Repeat(" ", numW)+" ⋯"))
			}
		case diffNote:
			out = append(out, t.Faint.Render(strings.Repeat(" ", numW)+"   "+d.text))
		default:
			out = append(out, diffRow(t, d, numW, textW))
		}
	}
	return cut(t, out, limit)
}

func diffRow(t *styles.Theme, d diffLine, numW, textW int) string {
	num := t.LineNum.Render(fmt.Sprintf("%*d", numW, d.num))
	text := d.text
	if xansi.StringWidth(text) > textW {
		text = xansi.Truncate(text, textW-1, "…")
	}
	switch d.kind {
	case diffAdd:
		return num + " " + t.DiffAdd.Render("+ "+padRight(text, textW))
	case diffDel:
		return num + " " + t.DiffDel.Render("- "+padRight(text, textW))
	}
	return num + " " + t.Text.Render("  "+text)
}

func padRight(s string, w int) string {
	if n := xansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
