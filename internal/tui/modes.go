package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/status"
)

// cycleMode advances the permission mode shown at once, so that quick
// repeated Shift+Tab presses each move one step; the backend is told
// one switch at a time and catches up with the last one wanted.
func (m *Model) cycleMode() tea.Cmd {
	next := nextMode(m.status.Mode())
	m.status.SetMode(next)
	if m.settingMode {
		return nil
	}
	m.settingMode = true
	return setModeCmd(m.b, next)
}

// handleMode applies the mode in force. After a switch it sends the next
// one when more presses came meanwhile; a refused switch shows why and
// the mode that stays.
func (m *Model) handleMode(msg modeMsg) tea.Cmd {
	if !msg.set {
		if !m.settingMode {
			m.status.SetMode(msg.mode)
		}
		return nil
	}
	m.settingMode = false
	if msg.err != nil {
		m.status.SetMode(msg.mode)
		return m.flash(status.Error, msg.err.Error())
	}
	if want := m.status.Mode(); want != msg.mode {
		m.settingMode = true
		return setModeCmd(m.b, want)
	}
	return nil
}

// handleQueueRestored puts the prompts Esc took out of the queue back in
// the editor, before what it holds, so nothing typed is lost. They leave
// the queue panel in the same frame: the queue's own events travel on
// another channel and may come later.
func (m *Model) handleQueueRestored(msg queueRestoredMsg) tea.Cmd {
	m.dropQueued(msg.ids...)
	if len(msg.texts) > 0 {
		texts := msg.texts
		if draft := m.editor.Value(); draft != "" {
			texts = append(texts, draft)
		}
		m.editor.SetValue(strings.Join(texts, "\n\n"))
		m.setFocus(focusEditor)
	}
	if msg.err != nil {
		return m.flash(status.Error, msg.err.Error())
	}
	if len(msg.texts) == 0 {
		return nil
	}
	return m.flash(status.Info, "queued prompts are back in the editor")
}

// handleQueueRemoved takes a prompt removed by its key off the queue panel
// in the frame that says so.
func (m *Model) handleQueueRemoved(msg queueRemovedMsg) tea.Cmd {
	if msg.err != nil {
		return m.flash(status.Error, msg.err.Error())
	}
	m.dropQueued(msg.id)
	return m.flash(status.Info, "removed from the queue")
}

// dropQueued takes prompts that have left the queue off its panel.
func (m *Model) dropQueued(ids ...string) {
	for _, id := range ids {
		m.queue.Drop(id)
	}
	m.leaveEmptyQueue()
}
