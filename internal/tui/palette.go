package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/dialogs/commands"
	"github.com/honecode/hone/internal/tui/dialogs/help"
	"github.com/honecode/hone/internal/tui/status"
)

// Command palette entries.
const (
	cmdNew       = "new"
	cmdSessions  = "sessions"
	cmdModels    = "models"
	cmdSummarize = "summarize"
	cmdEscalate  = "escalate"
	cmdMode      = "mode"
	cmdUndo      = "undo"
	cmdSidebar   = "sidebar"
	cmdHelp      = "help"
	cmdQuit      = "quit"
)

func paletteCommands() []commands.Command {
	return []commands.Command{
		{ID: cmdNew, Title: "New session", Key: "ctrl+n"},
		{ID: cmdSessions, Title: "Sessions", Key: "ctrl+s"},
		{ID: cmdModels, Title: "Switch model", Key: "ctrl+l"},
		{ID: cmdSummarize, Title: "Summarize session now"},
		{ID: cmdEscalate, Title: "Escalate to the large model", Key: "ctrl+x"},
		{ID: cmdMode, Title: "Toggle permission mode", Key: "shift+tab"},
		{ID: cmdUndo, Title: "Undo last turn's file changes"},
		{ID: cmdSidebar, Title: "Toggle sidebar", Key: "ctrl+t"},
		{ID: cmdHelp, Title: "Help", Key: "f1"},
		{ID: cmdQuit, Title: "Quit", Key: "ctrl+c"},
	}
}

func (m *Model) openPalette() {
	m.completion.Close()
	m.dialog = commands.New(m.theme, paletteCommands())
}

// runCommand runs a palette entry.
func (m *Model) runCommand(id string) tea.Cmd {
	switch id {
	case cmdNew:
		m.newSession()
	case cmdSessions:
		return listSessionsCmd(m.ctx, m.b)
	case cmdModels:
		return modelStateCmd(m.ctx, m.b, true)
	case cmdSummarize:
		if m.sess.ID == "" {
			return m.flash(status.Warn, "nothing to summarize yet")
		}
		return tea.Batch(m.flash(status.Info, "summarizing…"), summarizeCmd(m.ctx, m.b, m.sess.ID))
	case cmdEscalate:
		return m.escalate()
	case cmdMode:
		return m.cycleMode()
	case cmdUndo:
		if m.sess.ID == "" {
			return m.flash(status.Warn, "nothing to undo")
		}
		return undoCmd(m.ctx, m.b, m.sess.ID)
	case cmdSidebar:
		m.sidebarOn = !m.sidebarOn
	case cmdHelp:
		m.openHelp()
	case cmdQuit:
		return m.quit()
	}
	return nil
}

// escalate moves the session's turn (or its next turn) to the large model.
func (m *Model) escalate() tea.Cmd {
	switch {
	case m.sess.ID == "":
		return m.flash(status.Warn, "nothing to escalate yet: send a prompt first")
	case !m.b.Escalate(m.sess.ID):
		return m.flash(status.Warn, "routing is off: every step already uses the large model (models.routing)")
	case m.busy:
		return m.flash(status.Info, "escalating: the next step uses the large model")
	}
	return m.flash(status.Info, "the next turn starts on the large model")
}

// helpGroups gathers every component's keys for the help dialog.
func (m *Model) helpGroups() []help.Group {
	return []help.Group{
		{Title: "Global", Bindings: m.keys.Bindings()},
		{Title: "Prompt", Bindings: editorKeys()},
		{Title: "Chat (tab to focus)", Bindings: chatKeys()},
		{Title: "Queue (tab to focus)", Bindings: queueKeys()},
		{Title: "Permission dialog", Bindings: permissionKeys()},
	}
}
