package permission

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/toolview"
)

// SetSize sets the area the dialog is drawn in (the screen above the
// editor); scrolling keys page by what fits in it.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.top = min(m.top, m.maxTop())
}

// Wheel scrolls the content by delta rows (the mouse wheel).
func (m *Model) Wheel(delta int) { m.scroll(delta) }

func (m *Model) scroll(delta int) { m.top = min(max(m.top+delta, 0), m.maxTop()) }

func (m *Model) page() int { return max(m.layout(m.width, m.height).room-1, 1) }

func (m *Model) maxTop() int {
	l := m.layout(m.width, m.height)
	return max(len(l.content)-l.room, 0)
}

// layout is the dialog cut into its parts for an area of width × height.
type layout struct {
	width   int      // outer width
	content []string // the scrollable lines: description, path, command or diff
	room    int      // content rows shown
	footer  []string // scope, choices, feedback input
	hint    string
}

func (m *Model) layout(width, height int) layout {
	w := dialogs.Width(width, 100)
	inner := dialogs.InnerWidth(w)
	l := layout{width: w, content: m.contentLines(inner), footer: m.footerLines(inner), hint: m.hint(inner)}
	// Frame: border (2), title and blank (2), blank and hint; then the
	// header line and the footer.
	fixed := 2 + 2 + 1 + strings.Count(l.hint, "\n") + 1 + 1 + len(l.footer)
	l.room = height - fixed
	if len(l.content) > l.room {
		l.room-- // the scroll indicator
	}
	l.room = max(l.room, 3)
	return l
}

// View renders the dialog to fit width × height cells.
func (m *Model) View(width, height int) string {
	t := m.theme
	l := m.layout(width, height)
	inner := dialogs.InnerWidth(l.width)
	lines := []string{t.Bold.Render(m.req.ToolName) + t.Muted.Render(" · "+string(m.req.Action))}
	top := min(m.top, max(len(l.content)-l.room, 0))
	end := min(top+l.room, len(l.content))
	lines = append(lines, l.content[top:end]...)
	if len(l.content) > l.room {
		lines = append(lines, dialogs.Clip(t.Faint.Render(fmt.Sprintf("lines %d–%d of %d · %s",
			top+1, end, len(l.content), m.scrollKeys())), inner))
	}
	lines = append(lines, l.footer...)
	return dialogs.Frame(t, "Permission required", strings.Join(lines, "\n"), l.hint, l.width)
}

func (m *Model) scrollKeys() string {
	if m.state == passive {
		return "pgup/pgdn scroll"
	}
	return "↑/↓ pgup/pgdn scroll"
}

// contentLines are the description, the path, and the whole command or
// diff, wrapped rather than cut so that all of it can be read.
func (m *Model) contentLines(inner int) []string {
	t := m.theme
	var lines []string
	for _, ln := range dialogs.Wrap(m.req.Description, inner) {
		if ln != "" || m.req.Description != "" {
			lines = append(lines, t.Text.Render(ln))
		}
	}
	if m.req.Path != "" {
		for i, ln := range hardWrap("path: "+m.req.Path, inner) {
			if i == 0 {
				ln = t.Muted.Render("path: ") + t.Text.Render(strings.TrimPrefix(ln, "path: "))
			} else {
				ln = t.Text.Render(ln)
			}
			lines = append(lines, ln)
		}
	}
	if m.req.OutsideProject {
		lines = append(lines, t.Warning.Render("! outside the project directory"))
	}
	lines = append(lines, m.warning("! sensitive: ", m.req.Sensitive, ". This always asks.", inner)...)
	lines = append(lines, m.warning("! blocked by the sandbox: ", m.req.SandboxBlocked,
		". Allowing runs it again without the sandbox.", inner)...)
	if m.req.Command != "" {
		lines = append(lines, "")
		for _, ln := range strings.Split(m.req.Command, "\n") {
			for i, piece := range hardWrap(ln, inner-2) {
				prefix := t.Accent.Render("$ ")
				if i > 0 {
					prefix = "  "
				}
				lines = append(lines, prefix+t.Text.Render(piece))
			}
		}
	}
	if m.req.Diff != "" {
		lines = append(append(lines, ""), toolview.DiffWrapped(t, m.req.Diff, inner)...)
	}
	return lines
}

// footerLines are the scope of a session grant, the choices and the
// feedback input.
func (m *Model) footerLines(inner int) []string {
	t := m.theme
	lines := []string{""}
	if m.req.SessionScope != "" {
		for _, ln := range dialogs.Wrap("“Allow for this session” also allows "+m.req.SessionScope+" until Hone exits.", inner) {
			lines = append(lines, t.Muted.Render(ln))
		}
	}
	if m.req.AlwaysRule != "" {
		for _, ln := range dialogs.Wrap("“Always allow” saves "+m.req.AlwaysRule+" to your own config.", inner) {
			lines = append(lines, t.Muted.Render(ln))
		}
	}
	lines = append(lines, m.choicesView(inner)...)
	if m.feedback != nil {
		m.feedback.SetWidth(inner - 3)
		lines = append(lines, "", m.feedback.View())
	}
	return lines
}

func (m *Model) choicesView(width int) []string {
	t := m.theme
	parts := make([]string, len(m.choices))
	for i, c := range m.choices {
		label := "[" + c.label + "]"
		switch {
		case m.state == passive:
			parts[i] = t.Muted.Render(" " + label)
		case i == m.sel:
			parts[i] = t.Selected.Render("›" + label)
		default:
			parts[i] = t.Text.Render(" " + label)
		}
	}
	// As many choices on a row as fit, in order.
	var rows []string
	for _, p := range parts {
		if n := len(rows); n > 0 && ansi.StringWidth(rows[n-1]+" "+p) <= width {
			rows[n-1] += " " + p
			continue
		}
		rows = append(rows, p)
	}
	return rows
}

// hint lists the keys that work now, wrapped at separators to width.
func (m *Model) hint(width int) string {
	var parts []string
	switch {
	case m.feedback != nil:
		parts = []string{"enter deny with this feedback", "esc back"}
	case m.state == passive:
		parts = []string{"keys go to the editor while you type", "tab answer this request"}
	default:
		if m.state == engaged {
			parts = append(parts, "a allow")
			if m.req.SessionScope != "" {
				parts = append(parts, "s session")
			}
			if m.req.AlwaysRule != "" {
				parts = append(parts, "w always")
			}
			parts = append(parts, "d deny", "f feedback")
		}
		parts = append(parts, "enter confirm", "tab/←/→ choose", "esc deny")
		if m.state == focused {
			parts = append(parts, "typing returns to the editor")
		}
	}
	var lines []string
	cur := ""
	for _, p := range parts {
		switch {
		case cur == "":
			cur = p
		case ansi.StringWidth(cur+" · "+p) <= width:
			cur += " · " + p
		default:
			lines = append(lines, cur)
			cur = p
		}
	}
	return strings.Join(append(lines, cur), "\n")
}

// hardWrap breaks plain text into pieces of at most width cells.
func hardWrap(s string, width int) []string {
	if ansi.StringWidth(s) <= width {
		return []string{s}
	}
	return strings.Split(ansi.Hardwrap(s, max(width, 1), true), "\n")
}

// warning renders prefix+why+suffix wrapped to width as warning lines, or
// nothing when why is empty.
func (m *Model) warning(prefix, why, suffix string, width int) []string {
	if why == "" {
		return nil
	}
	var out []string
	for _, ln := range dialogs.Wrap(prefix+why+suffix, width) {
		out = append(out, m.theme.Warning.Render(ln))
	}
	return out
}
