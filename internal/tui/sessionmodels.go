package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"
)

// rememberModel records a model picked for a role on the session (or,
// before the session exists, once it is created).
func (m *Model) rememberModel(role ModelRole, ref string) tea.Cmd {
	if m.sess.ID == "" {
		if m.chosen == nil {
			m.chosen = map[ModelRole]string{}
		}
		m.chosen[role] = ref
		return nil
	}
	return rememberModelCmd(m.ctx, m.b, m.sess.ID, role, ref)
}

// rememberChosen records on the new session the models picked before it.
func (m *Model) rememberChosen() tea.Cmd {
	var cmds []tea.Cmd
	for role, ref := range m.chosen {
		cmds = append(cmds, rememberModelCmd(m.ctx, m.b, m.sess.ID, role, ref))
	}
	m.chosen = nil
	return tea.Batch(cmds...)
}

// sessionModels picks again the models chosen for the session opened.
func (m *Model) sessionModels() tea.Cmd {
	var cmds []tea.Cmd
	if r := m.sess.LargeModel; r != "" && r != m.models.Large {
		cmds = append(cmds, setModelCmd(m.ctx, m.b, RoleLarge, r))
	}
	if r := m.sess.SmallModel; r != "" && r != m.models.Small {
		cmds = append(cmds, setModelCmd(m.ctx, m.b, RoleSmall, r))
	}
	return tea.Sequence(cmds...)
}

func rememberModelCmd(ctx context.Context, b Sessions, id string, role ModelRole, ref string) tea.Cmd {
	return func() tea.Msg {
		if err := b.SetSessionModel(ctx, id, role, ref); err != nil {
			return doneMsg{err: err}
		}
		return nil
	}
}
