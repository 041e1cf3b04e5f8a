package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/tui/status"
	"github.com/honecode/hone/internal/tui/styles"
)

// startTheme is the theme of Options: its name, on the background
// assumed until the terminal reports its own (dark unless Light).
func startTheme(opts Options) *styles.Theme {
	t, err := styles.Named(opts.Theme, !opts.Light, opts.NoColor)
	if err != nil {
		t, _ = styles.Named(styles.Auto, !opts.Light, opts.NoColor)
	}
	return t
}

// backgroundIs applies the background color the terminal reported to
// the themes that follow it (auto and high-contrast).
func (m *Model) backgroundIs(dark bool) {
	m.bgDark = dark
	if m.theme.Name == styles.Dark || m.theme.Name == styles.Light || dark == m.theme.Dark {
		return
	}
	if t, err := styles.Named(m.theme.Name, dark, m.opts.NoColor); err == nil {
		m.setTheme(t)
	}
}

// switchTheme applies the theme called name and saves it in the user's
// config.
func (m *Model) switchTheme(name string) tea.Cmd {
	t, err := styles.Named(name, m.bgDark, m.opts.NoColor)
	if err != nil {
		return m.flash(status.Error, err.Error())
	}
	m.setTheme(t)
	return saveThemeCmd(m.ctx, m.b, name)
}

func saveThemeCmd(ctx context.Context, b Preferences, name string) tea.Cmd {
	return func() tea.Msg {
		if err := b.SaveTheme(ctx, name); err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{text: "theme " + name + " (saved in your config)"}
	}
}

// turnEndText is what a notification says when a turn ended.
func turnEndText(r *agent.Result) string {
	if r == nil {
		return "Hone: the turn ended"
	}
	switch {
	case failure(r.Reason):
		return "Hone: the turn failed"
	case r.Reason == agent.ExitCanceled:
		return "Hone: the turn was cancelled"
	}
	return "Hone: the answer is ready"
}
