package sessions

import (
	"strings"
	"time"

	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui/dialogs"
	"github.com/honecode/hone/internal/tui/format"
)

// View renders the picker to fit width × height cells.
func (m *Model) View(width, height int) string {
	w := dialogs.Width(width, 90)
	inner := dialogs.InnerWidth(w)
	rows := max(height-12, 3)
	var body, hint string
	switch m.mode {
	case renaming:
		m.input.SetWidth(inner - 3)
		body = m.theme.Muted.Render("Rename “"+title(m.target)+"”") + "\n\n" + m.input.View()
		hint = "enter save · esc back"
	case confirmingDelete:
		body = m.theme.Warning.Render(dialogs.Clip("Delete “"+title(m.target)+"” and everything in it?", inner))
		hint = "y delete · any other key keeps it"
	default:
		body = m.list.View(inner, rows)
		hint = "enter open · ctrl+r rename · ctrl+d delete · esc close"
	}
	return dialogs.Frame(m.theme, "Sessions", body, hint, w)
}

func title(s session.Session) string {
	if strings.TrimSpace(s.Title) == "" {
		return "Untitled session"
	}
	return s.Title
}

func detail(s session.Session, nowMS int64) string {
	id := s.ID
	if len(id) > 8 {
		id = id[len(id)-8:]
	}
	parts := []string{format.Ago(time.Duration(nowMS-s.UpdatedAt) * time.Millisecond)}
	if tok := s.InputTokens + s.OutputTokens + s.CacheReadTokens + s.CacheWriteTokens; tok > 0 {
		parts = append(parts, format.Tokens(tok)+" tok")
	}
	if s.Cost > 0 {
		parts = append(parts, format.Cost(s.Cost))
	}
	return strings.Join(append(parts, id), " · ")
}
