package toolview

import (
	"fmt"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui/styles"
)

// PreviewLines is how many result lines a collapsed call shows.
const PreviewLines = 8

// Options control one render of a call.
type Options struct {
	Width    int
	Expanded bool
	// Spinner is the frame drawn for pending and running calls.
	Spinner string
}

// Render returns the header line of the call followed by its result
// preview (or the whole result when expanded), each at most Width wide.
func Render(t *styles.Theme, c Call, o Options) []string {
	width := max(o.Width, 12)
	limit := PreviewLines
	if o.Expanded {
		limit = -1
	}
	body, hidden := bodyLines(t, c, width-2, limit)
	mark := ""
	switch {
	case hidden > 0:
		mark = "[+]"
	case o.Expanded && Foldable(t, c, width):
		mark = "[−]"
	}
	lines := []string{header(t, c, o.Spinner, width, mark)}
	for _, b := range body {
		lines = append(lines, clip("  "+b, width))
	}
	if c.Result != nil {
		if a := DisplayOf(*c.Result).Artifact; a != "" {
			lines = append(lines, clip("  "+t.Faint.Render("full output saved: "+a), width))
		}
	}
	return lines
}

// Foldable reports whether expanding the call would show more.
func Foldable(t *styles.Theme, c Call, width int) bool {
	_, hidden := bodyLines(t, c, max(width, 12)-2, PreviewLines)
	return hidden > 0
}

// header is the call's one-line summary; mark ("[+]", "[−]" or "") says
// whether expanding would show more or less.
func header(t *styles.Theme, c Call, spinner string, width int, mark string) string {
	var icon string
	switch c.State {
	case Pending, Running:
		icon = t.Info.Render(spinner)
	case Done:
		icon = t.Success.Render("✓")
		if c.Result != nil && DisplayOf(*c.Result).ExitText() != "" {
			icon = t.Error.Render("✗")
		}
	case Failed:
		icon = t.Error.Render("✗")
	case Interrupted:
		icon = t.Warning.Render("⊘")
	}
	name := c.Part.ToolName
	summary := Summary(c.Part)
	extra := ""
	if c.Result != nil {
		d := DisplayOf(*c.Result)
		if d.Title != "" {
			summary = oneLine(d.Title)
		}
		extra = headerExtra(t, d)
	}
	if c.State == Interrupted {
		extra += " " + t.Warning.Render("interrupted")
	}
	if mark != "" {
		extra += " " + t.Faint.Render(mark)
	}
	line := icon + " " + t.Bold.Render(name)
	if summary != "" {
		line += " " + t.Muted.Render(summary)
	}
	return clip(line+extra, width)
}

func headerExtra(t *styles.Theme, d tools.Display) string {
	switch d.Kind {
	case tools.DisplayDiff:
		return " " + t.Success.Render(fmt.Sprintf("+%d", d.Added)) + " " + t.Error.Render(fmt.Sprintf("−%d", d.Removed))
	case tools.DisplayCommand:
		if x := d.ExitText(); x != "" {
			return " " + t.Error.Render(x)
		}
	case tools.DisplayList:
		// The list tools count in their own title ("3 files", "(4
		// entries)"), and only they know what a line is.
		if n := countLines(d.Body); n > 0 && d.Title == "" {
			return " " + t.Faint.Render(fmt.Sprintf("%d items", n))
		}
	}
	return ""
}

// bodyLines renders the result with at most limit content lines (all when
// limit < 0) and reports how many it hid; a hidden part is announced by a
// marker line.
func bodyLines(t *styles.Theme, c Call, width, limit int) (lines []string, hidden int) {
	if c.Result == nil {
		return nil, 0
	}
	if c.Result.IsError {
		return textLines(t, t.Error, c.Result.Text, width, limit)
	}
	d := DisplayOf(*c.Result)
	switch d.Kind {
	case tools.DisplayDiff:
		return Diff(t, d.Diff, width, limit)
	case tools.DisplayFile:
		return File(t, d.Path, d.Body, d.StartLine, width, limit)
	case tools.DisplayCommand:
		return commandLines(t, d, width, limit)
	case tools.DisplayList:
		return textLines(t, t.Text, d.Body, width, limit)
	}
	body := d.Body
	if body == "" {
		body = c.Result.Text
	}
	return textLines(t, t.Muted, body, width, limit)
}

// cut keeps the first limit lines (all when limit < 0) and announces the
// rest with a marker line.
func cut(t *styles.Theme, all []string, limit int) ([]string, int) {
	if limit < 0 || len(all) <= limit {
		return all, 0
	}
	hidden := len(all) - limit
	return append(all[:limit:limit], t.Faint.Render(fmt.Sprintf("… %d more lines", hidden))), hidden
}

// clip cuts a styled line to width cells.
func clip(s string, width int) string {
	if xansi.StringWidth(s) <= width {
		return s
	}
	return xansi.Truncate(s, width-1, "…")
}

func countLines(s string) int {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return 0
	}
	return strings.Count(s, "\n") + 1
}

// splitLines splits text into lines, expanding tabs.
func splitLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(strings.ReplaceAll(s, "\t", "    "), "\n")
}
