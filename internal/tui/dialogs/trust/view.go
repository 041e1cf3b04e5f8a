package trust

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/honecode/hone/internal/tui/dialogs"
)

// View renders the dialog to fit width × height cells.
func (m *Model) View(width, height int) string {
	t := m.theme
	w := dialogs.Width(width, 100)
	inner := dialogs.InnerWidth(w)
	var lines []string
	text := func(s string) {
		for _, ln := range dialogs.Wrap(s, inner) {
			lines = append(lines, t.Text.Render(ln))
		}
	}
	text(fmt.Sprintf("Hone was started in %s. Its config %s would:", m.req.Dir, m.shownFile()))
	lines = append(lines, "")
	room := max(height-len(lines)-14, 2)
	for i, p := range m.req.Parts {
		if i == room && len(m.req.Parts) > room+1 {
			lines = append(lines, t.Faint.Render(fmt.Sprintf("  … and %d more (hone config validate lists them)", len(m.req.Parts)-i)))
			break
		}
		for j, ln := range dialogs.Wrap(p.Summary, inner-2) {
			prefix := "  "
			if j == 0 {
				prefix = t.Warning.Render("• ")
			}
			lines = append(lines, prefix+t.Text.Render(ln))
		}
	}
	lines = append(lines, "")
	text("Trust it only if you trust where this repository comes from. Not now: Hone runs without these parts and asks again next time; `hone trust` trusts it later.")
	lines = append(lines, "", m.choicesView())
	hint := "t trust · n not now · tab move · enter confirm · ctrl+c quit"
	return dialogs.Frame(t, "Trust this project?", strings.Join(lines, "\n"), hint, w)
}

func (m *Model) shownFile() string {
	if rel, err := filepath.Rel(m.req.Dir, m.req.File); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return m.req.File
}

func (m *Model) choicesView() string {
	t := m.theme
	var parts []string
	for i, label := range []string{"Trust this project", "Not now"} {
		label = "[" + label + "]"
		if i == m.sel {
			parts = append(parts, t.Selected.Render("›"+label))
		} else {
			parts = append(parts, t.Text.Render(" "+label))
		}
	}
	return strings.Join(parts, " ")
}
