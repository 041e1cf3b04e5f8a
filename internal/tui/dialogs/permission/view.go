package permission

import (
	"strings"

	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/toolview"
)

// View renders the dialog to fit width × height cells.
func (m *Model) View(width, height int) string {
	t := m.theme
	w := dialogs.Width(width, 100)
	inner := dialogs.InnerWidth(w)
	var lines []string
	lines = append(lines, t.Bold.Render(m.req.ToolName)+t.Muted.Render(" · "+string(m.req.Action)))
	if m.req.Description != "" {
		for _, ln := range dialogs.Wrap(m.req.Description, inner) {
			lines = append(lines, t.Text.Render(ln))
		}
	}
	if m.req.Path != "" {
		lines = append(lines, dialogs.Clip(t.Muted.Render("path: ")+t.Text.Render(m.req.Path), inner))
	}
	if m.req.OutsideProject {
		lines = append(lines, t.Warning.Render("! outside the project directory"))
	}
	if m.req.Sensitive != "" {
		for _, ln := range dialogs.Wrap("! sensitive: "+m.req.Sensitive+". This always asks.", inner) {
			lines = append(lines, t.Warning.Render(ln))
		}
	}
	// Room left for the diff or command: frame, title, choices, hint.
	room := max(height-len(lines)-12, 3)
	if m.req.Command != "" {
		lines = append(lines, "")
		for i, ln := range strings.Split(m.req.Command, "\n") {
			if i == room {
				lines = append(lines, t.Faint.Render("…"))
				break
			}
			lines = append(lines, dialogs.Clip(t.Accent.Render("$ ")+t.Text.Render(ln), inner))
		}
	}
	if m.req.Diff != "" {
		diff, _ := toolview.Diff(t, m.req.Diff, inner, room)
		lines = append(append(lines, ""), diff...)
	}
	lines = append(lines, "", m.choicesView(inner))
	if m.feedback != nil {
		m.feedback.SetWidth(inner - 3)
		lines = append(lines, "", m.feedback.View())
	}
	hint := "a allow · s allow for session · d deny · f feedback · tab move · enter confirm"
	if m.req.Sensitive != "" {
		hint = "a allow once · d deny · f feedback · tab move · enter confirm"
	}
	if m.feedback != nil {
		hint = "enter deny with this feedback · esc back"
	}
	return dialogs.Frame(t, "Permission required", strings.Join(lines, "\n"), hint, w)
}

func (m *Model) choicesView(width int) string {
	t := m.theme
	var parts []string
	for i, c := range m.choices() {
		label := "[" + c.label + "]"
		if i == m.sel {
			parts = append(parts, t.Selected.Render("›"+label))
		} else {
			parts = append(parts, t.Text.Render(" "+label))
		}
	}
	row := strings.Join(parts, " ")
	if dialogs.Clip(row, width) == row {
		return row
	}
	return strings.Join(parts, "\n")
}
