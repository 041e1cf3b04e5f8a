package tui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tui/chat"
	"github.com/honecode/hone/internal/tui/dialogs/quit"
	"github.com/honecode/hone/internal/tui/editor"
	"github.com/honecode/hone/internal/tui/status"
)

// handleKey routes a key: onboarding, Ctrl+C, then the permission
// dialog (unless it is passive and leaves the key to the others), then
// another open dialog, then the @ popup, then the global keys, and last
// the focused component.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	_, quitting := m.dialog.(*quit.Model)
	switch {
	case m.onboarding != nil:
		return m.onboardingKey(msg)
	case key.Matches(msg, m.keys.Quit) && !quitting:
		// Ctrl+C works from anywhere: it leaves the open dialog and quits
		// (asking first while a turn runs).
		m.dialog = nil
		if m.perm != nil { // asked again if the user stays
			m.permQueue = append([]permission.Request{m.perm.Request()}, m.permQueue...)
			m.perm = nil
		}
		return m.quit()
	}
	if m.perm != nil {
		if cmd, handled := m.permissionKey(msg); handled {
			return cmd
		}
	}
	m.typedAt = m.opts.now()
	if m.dialog != nil {
		return m.dialogKey(msg)
	}
	if m.completion.IsOpen() {
		if path, ok := m.completion.HandleKey(msg); ok {
			if path != "" {
				m.editor.CompleteAt(path)
			}
			return nil
		}
	}
	if cmd, ok := m.globalKey(msg); ok {
		return cmd
	}
	return m.focusedKey(msg)
}

func (m *Model) globalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.keys
	chatKeys := m.editor.Empty() || m.focus == focusChat || msg.Mod.Contains(tea.ModCtrl)
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Cancel):
		return m.escape(), true
	case key.Matches(msg, k.NewSession):
		m.newSession()
	case key.Matches(msg, k.Sessions):
		return listSessionsCmd(m.ctx, m.b), true
	case key.Matches(msg, k.Models):
		return modelStateCmd(m.ctx, m.b, true), true
	case key.Matches(msg, k.Palette):
		m.openPalette()
	case key.Matches(msg, k.CycleMode):
		return m.cycleMode(), true
	case key.Matches(msg, k.ToggleSidebar):
		m.sidebarOn = !m.sidebarOn
	case key.Matches(msg, k.Help):
		m.openHelp()
	case key.Matches(msg, k.Focus):
		m.cycleFocus()
	case key.Matches(msg, k.PageUp):
		m.chat.PageUp()
	case key.Matches(msg, k.PageDown):
		m.chat.PageDown()
	case key.Matches(msg, k.Top) && chatKeys:
		m.chat.Top()
	case key.Matches(msg, k.Bottom) && chatKeys:
		m.chat.Bottom()
	case key.Matches(msg, k.SlashPalette) && m.focus == focusEditor && m.editor.Empty():
		m.openPalette()
	case key.Matches(msg, k.Escalate):
		return m.escalate(), true
	case key.Matches(msg, k.RetryNow) && m.failed && !m.busy && m.sess.ID != "":
		return m.retryNow(), true
	default:
		return nil, false
	}
	return nil, true
}

func nextMode(cur string) string {
	modes := Modes()
	return modes[(slices.Index(modes, cur)+1)%len(modes)]
}

// escape puts the queued prompts back in the editor, else cancels the
// turn, else returns the keyboard to the editor.
func (m *Model) escape() tea.Cmd {
	switch {
	case m.queue.Len() > 0:
		ids := make([]string, 0, m.queue.Len())
		for _, it := range m.queue.Items() {
			ids = append(ids, it.ID)
		}
		return restoreQueueCmd(m.ctx, m.b, m.sess.ID, ids)
	case m.busy:
		m.cancelFlash = m.status.Flash(status.Warn, "cancelling…")
		return cancelCmd(m.b, m.sess.ID, nil)
	}
	m.setFocus(focusEditor)
	return nil
}

// quit leaves at once when idle and asks first while a turn runs.
func (m *Model) quit() tea.Cmd {
	if m.busy {
		m.dialog = quit.New(m.theme)
		return nil
	}
	return tea.Quit
}

func (m *Model) setFocus(f focusArea) {
	if f == focusQueue && m.queue.Len() == 0 {
		f = focusEditor
	}
	m.focus = f
	m.chat.Blur()
	m.queue.Blur()
	m.editor.Blur()
	switch f {
	case focusChat:
		m.chat.Focus()
	case focusQueue:
		m.queue.Focus()
	default:
		m.editor.Focus()
	}
}

// cycleFocus moves the keyboard editor → chat → queue (when not empty).
func (m *Model) cycleFocus() {
	switch m.focus {
	case focusEditor:
		m.setFocus(focusChat)
	case focusChat:
		m.setFocus(focusQueue)
	default:
		m.setFocus(focusEditor)
	}
}

func (m *Model) focusedKey(msg tea.KeyPressMsg) tea.Cmd {
	switch m.focus {
	case focusChat:
		if key.Matches(msg, chat.DefaultKeyMap().Copy) {
			if text := m.chat.SelectedText(); text != "" {
				return m.copyText(text, "the selected block")
			}
			return m.flash(status.Warn, "nothing selected to copy (↑/↓ select a block)")
		}
		if m.chat.HandleKey(msg) {
			return nil
		}
	case focusQueue:
		if r, ok := m.queue.HandleKey(msg); ok {
			if r != nil {
				return removeQueuedCmd(m.ctx, m.b, m.sess.ID, r.ID)
			}
			return nil
		}
	}
	if m.focus != focusEditor {
		if msg.Text == "" {
			return nil
		}
		m.setFocus(focusEditor) // typing returns to the editor
	}
	return m.editorKey(msg)
}

func (m *Model) editorKey(msg tea.KeyPressMsg) tea.Cmd {
	action, cmd := m.editor.HandleKey(msg)
	switch a := action.(type) {
	case editor.Submit:
		m.completion.Close()
		return tea.Batch(cmd, m.submit(a))
	case editor.OpenExternal:
		return writePromptFileCmd(a.Text)
	}
	return tea.Batch(cmd, m.updateCompletion())
}

// updateCompletion opens, updates or closes the @ popup after an edit.
func (m *Model) updateCompletion() tea.Cmd {
	q, ok := m.editor.AtQuery()
	if !ok {
		m.completion.Close()
		return nil
	}
	m.completion.Open(q)
	if m.completion.Loaded() || m.listing {
		return nil
	}
	m.listing = true
	return listFilesCmd(m.workDir)
}
