package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/dialogs/commands"
	"github.com/honecode/hone/internal/tui/dialogs/help"
	"github.com/honecode/hone/internal/tui/status"
	"github.com/honecode/hone/internal/tui/styles"
)

// Command palette entries; the id is also the slash name ("/copy").
const (
	cmdNew       = "new"
	cmdSessions  = "sessions"
	cmdModels    = "models"
	cmdSummarize = "summarize"
	cmdEscalate  = "escalate"
	cmdCompact   = "compact"
	cmdMode      = "mode"
	cmdUndo      = "undo"
	cmdHistory   = "history"
	cmdCopy      = "copy"
	cmdCost      = "cost"
	cmdExport    = "export"
	cmdMCP       = "mcp"
	cmdLSP       = "lsp"
	cmdTheme     = "theme"
	cmdInit      = "init"
	cmdReview    = "review"
	cmdSidebar   = "sidebar"
	cmdHelp      = "help"
	cmdQuit      = "quit"
)

// themePrefix marks the entries of the theme palette ("theme:dark").
const themePrefix = "theme:"

func paletteCommands() []commands.Command {
	return []commands.Command{
		{ID: cmdNew, Title: "/new  New session", Key: "ctrl+n"},
		{ID: cmdSessions, Title: "/sessions  Sessions", Key: "ctrl+s"},
		{ID: cmdModels, Title: "/models  Switch model", Key: "ctrl+l"},
		{ID: cmdEscalate, Title: "/escalate  Escalate to the large model", Key: "ctrl+x"},
		{ID: cmdInit, Title: "/init  Write AGENTS.md for this project"},
		{ID: cmdReview, Title: "/review  Review the uncommitted changes (read-only)", Args: "[focus]"},
		{ID: cmdCompact, Title: "/compact  Summarize the session now", Args: "[focus]"},
		{ID: cmdCopy, Title: "/copy  Copy the last answer", Args: "[code]"},
		{ID: cmdCost, Title: "/cost  Tokens and cost of this session"},
		{ID: cmdExport, Title: "/export  Write this session as Markdown", Args: "[file]"},
		{ID: cmdMCP, Title: "/mcp  MCP servers and their state"},
		{ID: cmdLSP, Title: "/lsp  Language servers and their state"},
		{ID: cmdTheme, Title: "/theme  Switch the theme", Args: "[name]"},
		{ID: cmdMode, Title: "/mode  Toggle permission mode", Key: "shift+tab"},
		{ID: cmdUndo, Title: "/undo  Undo last turn's file changes"},
		{ID: cmdHistory, Title: "/history  File history: every version, restore one file"},
		{ID: cmdSidebar, Title: "/sidebar  Toggle sidebar", Key: "ctrl+t"},
		{ID: cmdHelp, Title: "/help  Help", Key: "f1"},
		{ID: cmdQuit, Title: "/quit  Quit", Key: "ctrl+c"},
	}
}

func (m *Model) openPalette() {
	m.completion.Close()
	m.dialog = commands.New(m.theme, append(paletteCommands(), slashEntries(m.opts.SlashCommands)...))
}

// slashPrefix marks palette entries of custom commands and skills.
const slashPrefix = "slash:"

// slashEntries are the palette entries of custom commands and skills.
func slashEntries(cmds []SlashCommand) []commands.Command {
	out := make([]commands.Command, 0, len(cmds))
	for _, c := range cmds {
		title := "/" + c.Name
		if c.Description != "" {
			title += "  " + c.Description
		}
		out = append(out, commands.Command{ID: slashPrefix + c.Name, Title: title, Key: c.ArgumentHint})
	}
	return out
}

// openThemes opens the list of themes, the current one first.
func (m *Model) openThemes() {
	var cmds []commands.Command
	for _, name := range styles.Names() {
		title := name
		if name == m.theme.Name {
			title += " (current)"
		}
		cmds = append(cmds, commands.Command{ID: themePrefix + name, Title: title})
	}
	m.dialog = commands.New(m.theme, cmds)
}

// runCommand runs a palette entry with the text typed after its name.
func (m *Model) runCommand(id, args string) tea.Cmd {
	if name, ok := strings.CutPrefix(id, slashPrefix); ok {
		m.editor.SetValue(strings.TrimSpace("/"+name+" "+args) + " ")
		m.setFocus(focusEditor)
		return nil
	}
	if name, ok := strings.CutPrefix(id, themePrefix); ok {
		return m.switchTheme(name)
	}
	switch id {
	case cmdNew:
		m.newSession()
	case cmdSessions:
		return listSessionsCmd(m.ctx, m.b)
	case cmdModels:
		return modelStateCmd(m.ctx, m.b, true)
	case cmdSummarize, cmdCompact:
		if m.sess.ID == "" {
			return m.flash(status.Warn, "nothing to summarize yet")
		}
		return tea.Batch(m.flash(status.Info, "summarizing…"), summarizeCmd(m.ctx, m.b, m.sess.ID, args))
	case cmdEscalate:
		return m.escalate()
	case cmdMode:
		return m.cycleMode()
	case cmdUndo:
		if m.sess.ID == "" {
			return m.flash(status.Warn, "nothing to undo")
		}
		return undoCmd(m.ctx, m.b, m.sess.ID)
	case cmdHistory:
		return m.openFileHistory()
	case cmdSidebar:
		m.sidebarOn = !m.sidebarOn
	case cmdHelp:
		m.openHelp()
	case cmdQuit:
		return m.quit()
	default:
		return m.runSlash(id, args)
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
