package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/status"
)

// Update routes a message to the handler of its kind.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.route(msg)
	m.layout()
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseWheelMsg, tea.WindowSizeMsg, sessionLoadedMsg, olderLoadedMsg:
		if older := m.loadOlder(); older != nil {
			cmd = tea.Batch(cmd, older)
		}
	}
	return m, cmd
}

// loadOlder asks for the page of messages before the loaded ones when
// the view reached the first loaded line.
func (m *Model) loadOlder() tea.Cmd {
	if m.sess.ID == "" {
		return nil
	}
	before, ok := m.chat.WantsOlder()
	if !ok {
		return nil
	}
	return loadOlderCmd(m.ctx, m.b, m.sess.ID, before)
}

// olderLoaded puts a page of older messages before the loaded ones.
func (m *Model) olderLoaded(msg olderLoadedMsg) tea.Cmd {
	if msg.sessionID != m.sess.ID {
		return nil
	}
	if msg.err != nil {
		m.chat.LoadFailed()
		return m.flash(status.Error, "load older messages: "+msg.err.Error())
	}
	m.chat.Prepend(msg.before, msg.msgs, msg.more)
	return nil
}

func (m *Model) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		m.backgroundIs(msg.IsDark())
	case tea.FocusMsg:
		m.unfocused = false
	case tea.BlurMsg:
		m.unfocused = true
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		return m.handlePaste(msg)
	case tea.MouseWheelMsg:
		m.handleWheel(msg)
	case messageEventMsg, sessionEventMsg, agentEventMsg, permissionEventMsg:
		return m.handleEvent(msg)
	case tickMsg:
		return m.handleTick()
	case serversTickMsg:
		return tea.Batch(serversCmd(m.ctx, m.b), serversTickCmd())
	case flashClearMsg:
		m.status.ClearFlash(msg.id)
	case doneMsg:
		if msg.err != nil {
			return m.flash(status.Error, msg.err.Error())
		}
		if msg.text != "" {
			return m.flash(status.Info, msg.text)
		}
	default:
		return m.handleResult(msg)
	}
	return nil
}

// flash shows a transient status message and schedules its removal.
func (m *Model) flash(level status.Level, text string) tea.Cmd {
	return flashClearCmd(m.status.Flash(level, text))
}

// handleTick animates spinners while anything is running.
func (m *Model) handleTick() tea.Cmd {
	m.focusIdlePermission()
	m.chat.Tick()
	m.status.Tick()
	if m.busy || m.summing {
		return tickCmd()
	}
	m.ticking = false
	return nil
}

// startTicking starts the spinner loop unless it runs already.
func (m *Model) startTicking() tea.Cmd {
	if m.ticking {
		return nil
	}
	m.ticking = true
	return tickCmd()
}

func (m *Model) handleWheel(msg tea.MouseWheelMsg) {
	if m.perm != nil {
		switch msg.Button {
		case tea.MouseWheelUp:
			m.perm.Wheel(-3)
		case tea.MouseWheelDown:
			m.perm.Wheel(3)
		}
		return
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		m.chat.Wheel(-3)
	case tea.MouseWheelDown:
		m.chat.Wheel(3)
	}
}

// handlePaste puts pasted text in the editor. A pasted text is typing:
// a permission dialog gives the keyboard back to the editor.
func (m *Model) handlePaste(msg tea.PasteMsg) tea.Cmd {
	if m.onboarding != nil {
		m.onboarding.HandlePaste(msg.Content) // the key, never shown
		return nil
	}
	if m.dialog != nil {
		return nil
	}
	if m.perm != nil {
		m.perm.Release()
		if !m.perm.Passive() {
			return nil // the feedback input is open
		}
	}
	m.typedAt = m.opts.now()
	m.setFocus(focusEditor)
	return m.editor.HandlePaste(msg.Content)
}
