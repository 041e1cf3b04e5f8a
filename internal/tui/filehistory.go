package tui

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	histdlg "github.com/honecode/hone/internal/tui/dialogs/history"
	"github.com/honecode/hone/internal/tui/status"
)

// fileHistoryMsg carries the session's file versions for the dialog.
type fileHistoryMsg struct {
	versions []FileVersion
	err      error
}

// restoredMsg reports a file put back to one of its versions.
type restoredMsg struct {
	shown   string
	version int64
	deleted bool
	err     error
}

func fileHistoryCmd(ctx context.Context, b Transcript, sessionID string) tea.Cmd {
	return func() tea.Msg {
		vs, err := b.FileHistory(ctx, sessionID)
		return fileHistoryMsg{versions: vs, err: err}
	}
}

func restoreFileCmd(ctx context.Context, b Transcript, sessionID, path, shown string, version int64) tea.Cmd {
	return func() tea.Msg {
		deleted, err := b.RestoreFile(ctx, sessionID, path, version)
		return restoredMsg{shown: shown, version: version, deleted: deleted, err: err}
	}
}

// openFileHistory asks for the versions; the dialog opens when they come.
func (m *Model) openFileHistory() tea.Cmd {
	if m.sess.ID == "" {
		return m.flash(status.Warn, "no file changed in this session yet")
	}
	return fileHistoryCmd(m.ctx, m.b, m.sess.ID)
}

func (m *Model) handleFileHistory(msg fileHistoryMsg) tea.Cmd {
	switch {
	case msg.err != nil:
		return m.flash(status.Error, "file history: "+msg.err.Error())
	case len(msg.versions) == 0:
		return m.flash(status.Warn, "no file changed in this session yet")
	}
	vs := make([]histdlg.Version, len(msg.versions))
	m.historyShown = map[string]string{}
	for i, v := range msg.versions {
		vs[i] = histdlg.Version{Path: v.Path, Shown: v.Shown, Version: v.Version, Absent: v.Absent,
			Diff: v.Diff, Added: v.Added, Removed: v.Removed, First: v.First}
		m.historyShown[v.Path] = v.Shown
	}
	m.completion.Close()
	m.dialog = histdlg.New(m.theme, vs)
	return nil
}

func (m *Model) historyAction(a histdlg.Action) tea.Cmd {
	switch a := a.(type) {
	case histdlg.Close:
		m.dialog = nil
	case histdlg.Restore:
		m.dialog = nil
		return restoreFileCmd(m.ctx, m.b, m.sess.ID, a.Path, m.historyShown[a.Path], a.Version)
	}
	return nil
}

func (m *Model) handleRestored(msg restoredMsg) tea.Cmd {
	if msg.err != nil {
		return m.flash(status.Error, msg.err.Error())
	}
	text := fmt.Sprintf("restored %s to version %d", msg.shown, msg.version)
	if msg.deleted {
		text = fmt.Sprintf("deleted %s (version %d: it did not exist)", msg.shown, msg.version)
	}
	return tea.Batch(m.flash(status.Info, text), filesCmd(m.ctx, m.b, m.sess.ID))
}
