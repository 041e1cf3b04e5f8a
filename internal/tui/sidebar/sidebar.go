// Package sidebar renders the session panel: title, working directory,
// models, context use, tokens and cost, files changed with +/- counts,
// todo progress, and MCP/LSP server status.
package sidebar

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui/format"
	"github.com/honecode/hone/internal/tui/styles"
)

// Width is the sidebar's width including its left rule.
const Width = 34

// MinScreenWidth is the narrowest terminal that shows the sidebar.
const MinScreenWidth = 100

// File is a file changed in the session.
type File struct {
	Path           string
	Added, Removed int
}

// Server is an MCP or LSP server's state.
type Server struct {
	Name, Kind, State, Error string
}

// Data is everything the sidebar shows.
type Data struct {
	Title, WorkDir string
	Large, Small   string
	// AnsweredBy is the "provider/model" that wrote the session's last
	// answer; when failover made it differ from Large, the sidebar shows
	// it as the model and Large as the one configured.
	AnsweredBy    string
	ContextTokens int64
	ContextWindow int
	InputTokens   int64
	OutputTokens  int64
	CacheTokens   int64
	Cost          float64
	Files         []File
	Todos         []tools.Todo
	Servers       []Server
}

// Render draws the sidebar in Width × height cells.
func Render(t *styles.Theme, d Data, height int) string {
	w := Width - 2
	var lines []string
	add := func(s string) { lines = append(lines, clip(s, w)) }
	title := d.Title
	if title == "" {
		title = "New session"
	}
	for _, ln := range strings.Split(ansi.Wrap(title, w, ""), "\n") {
		add(t.Accent.Render(ln))
	}
	add(t.Muted.Render(shortenPath(d.WorkDir, w)))
	lines = append(lines, "")
	lines = append(lines, modelLines(t, d, w)...)
	lines = append(lines, "")
	lines = append(lines, usageLines(t, d, w)...)
	lines = append(lines, section(t, "Files", fileLines(t, d.Files, w))...)
	lines = append(lines, section(t, "Todos", todoLines(t, d.Todos, w))...)
	lines = append(lines, section(t, "Servers", serverLines(t, d.Servers, w))...)
	if len(lines) > height {
		lines = append(lines[:max(height-1, 0)], t.Faint.Render("…"))
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	rule := t.Border.Render("│")
	for i, ln := range lines {
		lines[i] = rule + " " + ln
	}
	return strings.Join(lines, "\n")
}

func modelLines(t *styles.Theme, d Data, w int) []string {
	large, small := d.Large, d.Small
	if large == "" {
		large = "none"
	}
	if small == "" {
		small = large
	}
	if d.AnsweredBy != "" && d.AnsweredBy != large {
		return []string{
			clip(t.Faint.Render("model ")+t.Warning.Render(d.AnsweredBy), w),
			clip(t.Faint.Render("  failover from ")+t.Muted.Render(large), w),
			clip(t.Faint.Render("small ")+t.Muted.Render(small), w),
		}
	}
	return []string{
		clip(t.Faint.Render("model ")+t.Text.Render(large), w),
		clip(t.Faint.Render("small ")+t.Muted.Render(small), w),
	}
}

func usageLines(t *styles.Theme, d Data, w int) []string {
	ctx := "context " + format.Tokens(d.ContextTokens)
	if d.ContextWindow > 0 {
		pct := float64(d.ContextTokens) * 100 / float64(d.ContextWindow)
		st := t.Text
		switch {
		case pct >= 80:
			st = t.Error
		case pct >= 60:
			st = t.Warning
		}
		ctx = t.Faint.Render("context ") + st.Render(fmt.Sprintf("%.0f%%", pct)) +
			t.Muted.Render(fmt.Sprintf(" of %s", format.Tokens(int64(d.ContextWindow))))
	}
	tok := fmt.Sprintf("in %s · out %s", format.Tokens(d.InputTokens), format.Tokens(d.OutputTokens))
	lines := []string{clip(ctx, w), clip(t.Faint.Render("tokens ")+t.Muted.Render(tok), w)}
	if d.CacheTokens > 0 {
		lines = append(lines, clip(t.Faint.Render("cached ")+t.Muted.Render(format.Tokens(d.CacheTokens)), w))
	}
	return append(lines, clip(t.Faint.Render("cost ")+t.Text.Render(format.Cost(d.Cost)), w))
}

func section(t *styles.Theme, title string, body []string) []string {
	if len(body) == 0 {
		return nil
	}
	return append([]string{"", t.Bold.Render(title)}, body...)
}

func clip(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w-1, "…")
}

// shortenPath keeps the tail of a path too long for w cells.
func shortenPath(p string, w int) string {
	if len(p) <= w {
		return p
	}
	return "…" + p[len(p)-w+1:]
}

func fileLines(t *styles.Theme, files []File, w int) []string {
	var out []string
	for _, f := range files {
		counts := t.Success.Render(fmt.Sprintf("+%d", f.Added)) + " " + t.Error.Render(fmt.Sprintf("-%d", f.Removed))
		room := w - ansi.StringWidth(counts) - 1
		name := f.Path
		if len(name) > room {
			name = "…" + filepath.Base(name)
		}
		out = append(out, clip(t.Text.Render(name)+" "+counts, w))
	}
	return out
}
