package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/chat"
	"github.com/honecode/hone/internal/tui/dialogs/models"
	"github.com/honecode/hone/internal/tui/dialogs/sessions"
	"github.com/honecode/hone/internal/tui/status"
)

// handleResult applies the result of a command.
func (m *Model) handleResult(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case setupStatusMsg, ollamaMsg, setupSavedMsg:
		return m.handleSetup(msg)
	case olderLoadedMsg:
		return m.olderLoaded(msg)
	case sessionLoadedMsg:
		if msg.err != nil {
			return m.flash(status.Error, "open session: "+msg.err.Error())
		}
		if msg.sess.ID == "" {
			return nil
		}
		return m.openSession(msg)
	case sessionCreatedMsg:
		if msg.err != nil {
			m.sending, m.early = false, nil
			m.editor.SetValue(msg.prompt.Text)
			return m.flash(status.Error, "create session: "+msg.err.Error())
		}
		m.sess = msg.sess
		return tea.Batch(m.run(msg.prompt), m.rememberChosen())
	case runDoneMsg:
		return m.handleRunDone(msg)
	case sessionsListMsg:
		return m.handleSessionsList(msg)
	case modelStateMsg:
		return m.handleModelState(msg)
	case filesMsg:
		if msg.err == nil && msg.sessionID == m.sess.ID {
			m.files = msg.files
		}
	case serversMsg:
		m.servers = msg.servers
	case modeMsg:
		return m.handleMode(msg)
	case queueRestoredMsg:
		return m.handleQueueRestored(msg)
	case queueRemovedMsg:
		return m.handleQueueRemoved(msg)
	case fileHistoryMsg:
		return m.handleFileHistory(msg)
	case restoredMsg:
		return m.handleRestored(msg)
	case fileListMsg:
		m.listing = false
		m.completion.SetFiles(msg.files)
	case undoneMsg:
		return m.handleUndone(msg)
	case externalReadyMsg, externalDoneMsg, externalTextMsg:
		return m.handleExternal(msg)
	}
	return nil
}

func (m *Model) handleRunDone(msg runDoneMsg) tea.Cmd {
	if msg.sessionID != m.sess.ID {
		return nil
	}
	cmd := m.setBusy(msg.busy)
	if msg.seq == m.runSeq {
		cmd = tea.Batch(cmd, m.taken())
	}
	if msg.err != nil {
		m.chat.AddInfo(chat.LevelError, msg.err.Error())
		return tea.Batch(cmd, m.flash(status.Error, "the turn failed"))
	}
	return cmd
}

func (m *Model) handleSessionsList(msg sessionsListMsg) tea.Cmd {
	if msg.err != nil {
		return m.flash(status.Error, "list sessions: "+msg.err.Error())
	}
	if d, ok := m.dialog.(*sessions.Model); ok {
		d.SetSessions(msg.list)
		return nil
	}
	if m.dialog == nil && m.perm == nil {
		m.dialog = sessions.New(m.theme, msg.list, m.sess.ID, m.opts.now().UnixMilli())
	}
	return nil
}

func (m *Model) handleModelState(msg modelStateMsg) tea.Cmd {
	if msg.err != nil {
		return m.flash(status.Error, "models: "+msg.err.Error())
	}
	m.models = msg.state
	if !msg.openDialog || m.dialog != nil || m.perm != nil {
		return nil
	}
	choices := make([]models.Choice, len(msg.state.Choices))
	for i, c := range msg.state.Choices {
		choices[i] = models.Choice{Ref: c.Ref, Detail: choiceDetail(c)}
	}
	m.dialog = models.New(m.theme, choices, msg.state.Large, msg.state.Small)
	return nil
}

func choiceDetail(c ModelChoice) string {
	d := ""
	if c.ContextWindow > 0 {
		d = fmt.Sprintf("%dk ctx", c.ContextWindow/1000)
	}
	if c.CostIn > 0 || c.CostOut > 0 {
		d += fmt.Sprintf(" · $%.2f/$%.2f per M", c.CostIn, c.CostOut)
	}
	if c.SupportsImages {
		d += " · images"
	}
	return d
}

func (m *Model) handleUndone(msg undoneMsg) tea.Cmd {
	if msg.err != nil {
		return m.flash(status.Error, "undo: "+msg.err.Error())
	}
	n := len(msg.res.Restored) + len(msg.res.Deleted)
	text := fmt.Sprintf("undone: %d file(s) restored", n)
	if n == 0 {
		text = "nothing to undo"
	}
	m.chat.AddInfo(chat.LevelInfo, text)
	return tea.Batch(m.flash(status.Info, text), filesCmd(m.ctx, m.b, m.sess.ID))
}

func (m *Model) handleExternal(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case externalReadyMsg:
		if msg.err != nil {
			return m.flash(status.Error, "editor: "+msg.err.Error())
		}
		return runEditorCmd(editorCommand(m.opts.Editor, m.opts.getenv), msg.path)
	case externalDoneMsg:
		if msg.err != nil {
			return tea.Batch(m.flash(status.Error, "editor: "+msg.err.Error()), readPromptFileCmd(msg.path))
		}
		return readPromptFileCmd(msg.path)
	case externalTextMsg:
		if msg.err == nil {
			m.editor.SetValue(msg.text)
		}
	}
	return nil
}
