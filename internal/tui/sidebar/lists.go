package sidebar

import (
	"fmt"

	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui/styles"
)

func todoLines(t *styles.Theme, todos []tools.Todo, w int) []string {
	if len(todos) == 0 {
		return nil
	}
	done := 0
	for _, td := range todos {
		if td.Status == "completed" {
			done++
		}
	}
	out := []string{t.Muted.Render(fmt.Sprintf("%d/%d done", done, len(todos)))}
	for _, td := range todos {
		var line string
		switch td.Status {
		case "completed":
			line = t.Faint.Render("✓ " + td.Content)
		case "in_progress":
			text := td.ActiveForm
			if text == "" {
				text = td.Content
			}
			line = t.Info.Render("▸ " + text)
		default:
			line = t.Text.Render("○ " + td.Content)
		}
		out = append(out, clip(line, w))
	}
	return out
}

func serverLines(t *styles.Theme, servers []Server, w int) []string {
	var out []string
	for _, s := range servers {
		var mark string
		switch s.State {
		case "ready":
			mark = t.Success.Render("●")
		case "error":
			mark = t.Error.Render("✗")
		case "disabled":
			mark = t.Faint.Render("○")
		case "needs login":
			mark = t.Warning.Render("!")
		default:
			mark = t.Warning.Render("◌")
		}
		line := mark + " " + t.Text.Render(s.Name) + t.Faint.Render(" "+s.Kind+" "+s.State)
		out = append(out, clip(line, w))
		if s.Error != "" {
			out = append(out, clip("  "+t.Error.Render(s.Error), w))
		}
	}
	return out
}
