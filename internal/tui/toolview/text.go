package toolview

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui/styles"
)

// wrapped splits text into lines wrapped at width, without styles.
func wrapped(text string, width int) []string {
	var all []string
	for _, ln := range splitLines(text) {
		all = append(all, strings.Split(xansi.Wrap(xansi.Strip(ln), width, ""), "\n")...)
	}
	return all
}

// textLines wraps text at width and styles it, keeping at most limit
// lines (all when limit < 0).
func textLines(t *styles.Theme, st lipgloss.Style, text string, width, limit int) ([]string, int) {
	all := wrapped(text, width)
	for i, ln := range all {
		all[i] = st.Render(ln)
	}
	return cut(t, all, limit)
}

// commandLines shows "$ command" and the output; a cut output keeps its
// last lines, where failures usually are.
func commandLines(t *styles.Theme, d tools.Display, width, limit int) ([]string, int) {
	var out []string
	if d.Command != "" && d.Command != d.Title {
		out = append(out, clip(t.Accent.Render("$ ")+t.Text.Render(oneLine(d.Command)), width))
	}
	all := wrapped(d.Body, width)
	hidden := 0
	if limit >= 0 && len(all) > limit {
		hidden = len(all) - limit
		out = append(out, t.Faint.Render(fmt.Sprintf("… %d earlier lines", hidden)))
		all = all[hidden:]
	}
	for _, ln := range all {
		out = append(out, t.Muted.Render(ln))
	}
	return out, hidden
}
