package toolview

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tui/styles"
)

// File renders a file excerpt with line numbers (from startLine, 1 when 0)
// and syntax highlighting chosen by the path's extension, keeping at most
// limit lines (all when limit < 0).
func File(t *styles.Theme, path, body string, startLine, width, limit int) ([]string, int) {
	lines := splitLines(body)
	hidden := 0
	if limit >= 0 && len(lines) > limit {
		hidden = len(lines) - limit
		lines = lines[:limit]
	}
	startLine = max(startLine, 1)
	numW := len(strconv.Itoa(startLine + len(lines)))
	textW := max(width-numW-1, 4)
	colored := highlight(t, path, lines)
	out := make([]string, len(lines))
	for i := range lines {
		text := colored[i]
		if xansi.StringWidth(text) > textW {
			text = xansi.Truncate(text, textW-1, "…")
		}
		out[i] = t.LineNum.Render(fmt.Sprintf("%*d", numW, startLine+i)) + " " + text
	}
	if hidden > 0 {
		out = append(out, t.Faint.Render(fmt.Sprintf("… %d more lines", hidden)))
	}
	return out, hidden
}

// highlight colors lines as source code of the language of path; without
// a known language or colors it returns them as plain text.
func highlight(t *styles.Theme, path string, lines []string) []string {
	lexer := lexers.Match(path)
	if lexer == nil || t.NoColor || t.CodeStyle == "" {
		out := make([]string, len(lines))
		for i, ln := range lines {
			out[i] = t.Text.Render(ln)
		}
		return out
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, strings.Join(lines, "\n"))
	if err != nil {
		return lines
	}
	style := chromastyles.Get(t.CodeStyle)
	cache := map[chroma.TokenType]lipgloss.Style{}
	out := make([]string, 0, len(lines))
	var cur strings.Builder
	for tok := it(); tok != chroma.EOF; tok = it() {
		st, ok := cache[tok.Type]
		if !ok {
			st = tokenStyle(style.Get(tok.Type))
			cache[tok.Type] = st
		}
		parts := strings.Split(tok.Value, "\n")
		for i, p := range parts {
			if i > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			if p != "" {
				cur.WriteString(st.Render(p))
			}
		}
	}
	out = append(out, cur.String())
	for len(out) < len(lines) {
		out = append(out, "")
	}
	return out[:len(lines)]
}

func tokenStyle(e chroma.StyleEntry) lipgloss.Style {
	st := lipgloss.NewStyle()
	if e.Colour.IsSet() {
		st = st.Foreground(lipgloss.Color(e.Colour.String()))
	}
	if e.Bold == chroma.Yes {
		st = st.Bold(true)
	}
	if e.Italic == chroma.Yes {
		st = st.Italic(true)
	}
	return st
}
