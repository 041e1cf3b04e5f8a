package markdown

import (
	"strings"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/ansi"
	xansi "github.com/charmbracelet/x/ansi"
)

// maxRenderers bounds how many widths keep a glamour renderer.
const maxRenderers = 4

// Renderer turns markdown blocks into styled lines at a width. It keeps one
// glamour renderer per recent width. It is not safe for concurrent use: the
// TUI calls it from its update loop only.
type Renderer struct {
	cfg     ansi.StyleConfig
	byWidth map[int]*glamour.TermRenderer
	order   []int
}

// New returns a renderer using the glamour style cfg.
func New(cfg ansi.StyleConfig) *Renderer {
	return &Renderer{cfg: cfg, byWidth: make(map[int]*glamour.TermRenderer)}
}

func (r *Renderer) term(width int) *glamour.TermRenderer {
	if tr, ok := r.byWidth[width]; ok {
		return tr
	}
	tr, err := glamour.NewTermRenderer(glamour.WithStyles(r.cfg), glamour.WithWordWrap(width))
	if err != nil {
		return nil
	}
	if len(r.order) >= maxRenderers {
		delete(r.byWidth, r.order[0])
		r.order = r.order[1:]
	}
	r.byWidth[width] = tr
	r.order = append(r.order, width)
	return tr
}

// Block renders one markdown block at width and returns its lines without
// trailing padding and without blank lines around it. Text glamour cannot
// render is returned word-wrapped as is.
func (r *Renderer) Block(src string, width int) []string {
	width = max(width, 10)
	src = strings.ReplaceAll(src, "\t", "    ") // tabs have no width a terminal agrees on
	var out string
	if tr := r.term(width); tr != nil {
		s, err := tr.Render(src)
		if err == nil {
			out = s
		}
	}
	if out == "" {
		out = xansi.Wrap(src, width, "")
	}
	return trimLines(strings.Split(out, "\n"), width)
}

// trimLines drops trailing spaces of every line, clips lines wider than
// width, and removes blank lines at both ends.
func trimLines(lines []string, width int) []string {
	out := lines[:0]
	for _, ln := range lines {
		plain := xansi.Strip(ln)
		keep := xansi.StringWidth(strings.TrimRight(plain, " \t"))
		switch {
		case keep == 0:
			ln = ""
		case keep > width:
			ln = xansi.Truncate(ln, width-1, "…")
		case keep < xansi.StringWidth(plain):
			ln = xansi.Truncate(ln, keep, "")
		}
		out = append(out, ln)
	}
	start, end := 0, len(out)
	for start < end && out[start] == "" {
		start++
	}
	for end > start && out[end-1] == "" {
		end--
	}
	return out[start:end]
}
