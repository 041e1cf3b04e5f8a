package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/tui/dialogs/commands"
	"github.com/honecode/hone/internal/tui/dialogs/help"
	histdlg "github.com/honecode/hone/internal/tui/dialogs/history"
	"github.com/honecode/hone/internal/tui/dialogs/models"
	permdlg "github.com/honecode/hone/internal/tui/dialogs/permission"
	"github.com/honecode/hone/internal/tui/dialogs/quit"
	"github.com/honecode/hone/internal/tui/dialogs/sessions"
)

// dialogKey gives a key to the open dialog and acts on its answer.
func (m *Model) dialogKey(msg tea.KeyPressMsg) tea.Cmd {
	switch d := m.dialog.(type) {
	case *help.Model:
		if d.HandleKey(msg) {
			m.dialog = nil
		}
	case *quit.Model:
		yes, done := d.HandleKey(msg)
		if yes {
			return cancelCmd(m.b, m.sess.ID, tea.QuitMsg{})
		}
		if done {
			m.dialog = nil
			if m.perm == nil {
				m.openNextPermission()
			}
		}
	case *commands.Model:
		a, cmd := d.HandleKey(msg)
		switch a := a.(type) {
		case commands.Close:
			m.dialog = nil
		case commands.Run:
			m.dialog = nil
			return m.runCommand(a.ID, a.Args)
		}
		return cmd
	case *histdlg.Model:
		a, cmd := d.HandleKey(msg)
		return tea.Batch(cmd, m.historyAction(a))
	case *sessions.Model:
		a, cmd := d.HandleKey(msg)
		return tea.Batch(cmd, m.sessionsAction(a))
	case *models.Model:
		a, cmd := d.HandleKey(msg)
		switch a := a.(type) {
		case models.Close:
			m.dialog = nil
		case models.Select:
			m.dialog = nil
			return tea.Batch(setModelCmd(m.ctx, m.b, ModelRole(a.Role), a.Ref), m.rememberModel(ModelRole(a.Role), a.Ref))
		}
		return cmd
	}
	return nil
}

func (m *Model) sessionsAction(a sessions.Action) tea.Cmd {
	switch a := a.(type) {
	case sessions.Close:
		m.dialog = nil
	case sessions.Open:
		m.dialog = nil
		if a.ID == m.sess.ID {
			return nil
		}
		return loadSessionCmd(m.ctx, m.b, a.ID, false)
	case sessions.Rename:
		return renameCmd(m.ctx, m.b, a.ID, a.Title)
	case sessions.Delete:
		if a.ID == m.sess.ID {
			m.newSession()
		}
		return deleteCmd(m.ctx, m.b, a.ID)
	}
	return nil
}

func (m *Model) openHelp() {
	m.dialog = help.New(m.theme, m.helpGroups())
}

// permissionKey gives a key to the permission dialog and sends the
// answer; handled is false when the key is the editor's (the dialog is
// passive or the user started typing).
func (m *Model) permissionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	ans, handled, cmd := m.perm.HandleKey(msg, m.opts.now())
	if ans == nil {
		return cmd, handled
	}
	m.perm = nil
	m.openNextPermission()
	return respondCmd(m.b, ans.RequestID, ans.Answer, ans.Feedback), true
}

// typing reports whether the user is composing: the editor holds text,
// another dialog is open, or a key went elsewhere than the permission
// dialog less than permdlg.IdleAfter ago.
func (m *Model) typing(now time.Time) bool {
	return !m.editor.Empty() || m.dialog != nil || now.Sub(m.typedAt) < permdlg.IdleAfter
}

// focusIdlePermission gives a passive permission dialog the keyboard
// once the user stopped typing.
func (m *Model) focusIdlePermission() {
	if now := m.opts.now(); m.perm != nil && m.perm.Passive() && !m.typing(now) {
		m.perm.TakeKeyboard(now)
	}
}

// handlePermissionEvent queues new requests and drops withdrawn ones.
func (m *Model) handlePermissionEvent(e permissionEventMsg) tea.Cmd {
	req := e.Payload
	if e.Type == pubsub.Created {
		m.permQueue = append(m.permQueue, req)
		if m.perm == nil {
			m.openNextPermission()
		}
		return m.notify("permission needed: " + req.Description)
	}
	if m.perm != nil && m.perm.Request().ID == req.ID {
		m.perm = nil
		m.openNextPermission()
		return nil
	}
	for i, r := range m.permQueue {
		if r.ID == req.ID {
			m.permQueue = append(m.permQueue[:i], m.permQueue[i+1:]...)
			return nil
		}
	}
	return nil
}

func (m *Model) openNextPermission() {
	if len(m.permQueue) == 0 {
		return
	}
	var req permission.Request
	req, m.permQueue = m.permQueue[0], m.permQueue[1:]
	now := m.opts.now()
	m.perm = permdlg.New(m.theme, req, now, m.typing(now))
	if !m.perm.Passive() {
		m.completion.Close()
	}
}
