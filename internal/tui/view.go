package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/honecode/hone/internal/tui/sidebar"
)

// View composes the screen: chat, queue, rule, editor and status line,
// the sidebar on the right when there is room, and the @ popup and any
// dialog on top.
func (m *Model) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.ReportFocus = true // notifications only while unfocused
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "hone"
	if m.sess.Title != "" {
		v.WindowTitle = "hone · " + m.sess.Title
	}
	switch {
	case m.onboarding != nil:
		v.SetContent(m.onboarding.View(m.width, m.height))
		return v
	case !m.started:
		v.SetContent("")
		return v
	}
	base := m.baseView()
	dlg := m.overlayView()
	pop := ""
	if dlg == "" {
		pop = m.completion.View(m.mainWidth())
	}
	switch {
	case dlg != "" && m.perm != nil:
		// Above the editor, which stays visible: the user may be typing.
		x := max((m.width-lipgloss.Width(dlg))/2, 0)
		y := max((m.aboveEditor()-lipgloss.Height(dlg))/2, 0)
		v.SetContent(overlay(base, dlg, x, y))
	case dlg != "":
		x := max((m.width-lipgloss.Width(dlg))/2, 0)
		y := max((m.height-lipgloss.Height(dlg))/2, 0)
		v.SetContent(overlay(base, dlg, x, y))
	case pop != "":
		y := max(m.editorTop()-lipgloss.Height(pop), 0)
		v.SetContent(overlay(base, pop, 0, y))
	default:
		v.SetContent(base)
	}
	keysToEditor := dlg == "" || (m.dialog == nil && m.perm != nil && m.perm.Passive())
	if keysToEditor && m.focus == focusEditor {
		if c := m.editor.Cursor(); c != nil {
			c.Y += m.editorTop()
			v.Cursor = c
		}
	}
	return v
}

// overlay draws top over base with its top-left corner at (x, y).
func overlay(base, top string, x, y int) string {
	return lipgloss.NewCompositor(lipgloss.NewLayer(base), lipgloss.NewLayer(top).X(x).Y(y).Z(1)).Render()
}

// overlayView is the open dialog rendered for the screen ("" when none); the
// permission dialog wins over the others.
func (m *Model) overlayView() string {
	switch {
	case m.perm != nil:
		return m.perm.View(m.width, m.aboveEditor())
	case m.dialog != nil:
		return m.dialog.View(m.width, m.height)
	}
	return ""
}

func (m *Model) editorTop() int { return m.chatHeight() + m.queue.Height() + 1 }

// aboveEditor is the height of the screen above the rule over the editor:
// where the permission dialog goes, so that the editor stays visible.
func (m *Model) aboveEditor() int { return m.editorTop() - 1 }

func (m *Model) baseView() string {
	w := m.mainWidth()
	rows := make([]string, 0, m.height)
	rows = append(rows, m.chat.Lines()[:max(m.chatHeight(), 0)]...)
	if q := m.queue.View(w); q != "" {
		rows = append(rows, strings.Split(fit(q, w, m.queue.Height()), "\n")...)
	}
	rows = append(rows, m.rule(w))
	rows = append(rows, strings.Split(fit(m.editor.View(), w, m.editor.Height()), "\n")...)
	if m.sidebarVisible() {
		side := strings.Split(fit(sidebar.Render(m.theme, m.sidebarData(), m.height-1), sidebar.Width, m.height-1), "\n")
		for i := range rows {
			if i < len(side) {
				rows[i] += side[i]
			}
		}
	}
	rows = append(rows, fit(m.status.Render(m.width), m.width, 1))
	return strings.Join(rows, "\n")
}

// rule separates the chat from the editor; it names the focused area when
// that is not the editor.
func (m *Model) rule(w int) string {
	label := ""
	switch m.focus {
	case focusChat:
		label = " chat · ↑/↓ select · enter expand · tab leaves "
	case focusQueue:
		label = " queue "
	}
	return m.theme.Border.Render("──") + m.theme.Muted.Render(label) +
		m.theme.Border.Render(strings.Repeat("─", max(w-2-lipgloss.Width(label), 0)))
}

func (m *Model) sidebarData() sidebar.Data {
	s := m.sess
	d := sidebar.Data{
		Title: s.Title, WorkDir: m.workDir,
		Large: m.models.Large, Small: m.models.Small, AnsweredBy: m.answeredBy,
		ContextTokens: s.ContextTokens, ContextWindow: m.models.LargeContextWindow,
		InputTokens: s.InputTokens, OutputTokens: s.OutputTokens,
		CacheTokens: s.CacheReadTokens + s.CacheWriteTokens, Cost: s.Cost,
		Todos: s.Todos,
	}
	for _, f := range m.files {
		d.Files = append(d.Files, sidebar.File{Path: f.Path, Added: f.Added, Removed: f.Removed})
	}
	for _, sv := range m.servers {
		d.Servers = append(d.Servers, sidebar.Server{Name: sv.Name, Kind: sv.Kind, State: sv.State, Error: sv.Error})
	}
	return d
}
