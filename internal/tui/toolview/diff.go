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
// keeping at most limit lines (all when limit < 0). Long lines are cut.
func Diff(t *styles.Theme, diff string, width, limit int) ([]string, int) {
	return renderDiff(t, diff, width, limit, false)
}

// DiffWrapped renders the whole diff like Diff, but wraps long lines onto
// continuation rows instead of cutting them, so that every character of a
// change can be read (the permission dialog).
func DiffWrapped(t *styles.Theme, diff string, width int) []string {
	out, _ := renderDiff(t, diff, width, -1, true)
	return out
}

func renderDiff(t *styles.Theme, diff string, width, limit int, wrap bool) ([]string, int) {
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
		case diffContext, diffAdd, diffDel:
			if !wrap {
				out = append(out, diffRow(t, d, numW, textW))
				continue
			}
			for j, piece := range wrapCells(d.text, textW) {
				row := d
				row.text = piece
				if j > 0 {
					row.num = -1
				}
				out = append(out, diffRow(t, row, numW, textW))
			}
		}
	}
	return cut(t, out, limit)
}

// wrapCells breaks s into pieces of at most w cells.
func wrapCells(s string, w int) []string {
	if s == "" || xansi.StringWidth(s) <= w {
		return []string{s}
	}
	return strings.Split(xansi.Hardwrap(s, w, true), "\n")
}

// diffRow renders one line; num -1 marks a continuation row.
func diffRow(t *styles.Theme, d diffLine, numW, textW int) string {
	num := t.LineNum.Render(fmt.Sprintf("%*d", numW, d.num))
	if d.num < 0 {
		num = strings.Repeat(" ", numW)
	}
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
