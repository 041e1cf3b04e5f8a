package dialogs

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	"github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tui/styles"
)

// Frame draws a dialog: a bordered box of the given outer width with the
// title on its first line and the hint (keys; one or more lines, each cut
// to the width) at the bottom.
func Frame(t *styles.Theme, title, body, hint string, width int) string {
	inner := max(width-4, 10) // border and padding on both sides
	var b strings.Builder
	b.WriteString(t.DialogTitle.Render(Clip(title, inner)))
	b.WriteString("\n\n")
	b.WriteString(body)
	if hint != "" {
		lines := strings.Split(hint, "\n")
		for i, ln := range lines {
			lines[i] = Clip(ln, inner)
		}
		b.WriteString("\n\n")
		b.WriteString(t.Muted.Render(strings.Join(lines, "\n")))
	}
	return t.Dialog.Width(inner + 4).Render(b.String())
}

// InnerWidth is the content width of a frame of outer width w.
func InnerWidth(w int) int { return max(w-4, 10) }

// Width picks a dialog width for a screen width: wide enough to read,
// never wider than the screen.
func Width(screen, preferred int) int {
	return max(min(preferred, screen-2), min(screen, 24))
}

// Clip cuts a styled string to width cells.
func Clip(s string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, max(width-1, 0), "…")
}

// NewInput returns a focused single-line input styled by the theme, with a
// steady (non-blinking) cursor.
func NewInput(t *styles.Theme, placeholder string) textinput.Model {
	in := textinput.New()
	in.Prompt = "> "
	in.Placeholder = placeholder
	s := textinput.DefaultStyles(t.Dark)
	s.Focused.Prompt = t.Accent
	s.Focused.Text = t.Text
	s.Focused.Placeholder = t.Faint
	s.Cursor.Blink = false
	in.SetStyles(s)
	in.Focus()
	return in
}

// Wrap word-wraps plain text at width.
func Wrap(s string, width int) []string {
	return strings.Split(ansi.Wrap(strings.TrimRight(s, "\n"), max(width, 1), ""), "\n")
}
