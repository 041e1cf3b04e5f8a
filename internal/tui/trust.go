package tui

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	trustdlg "github.com/honecode/hone/internal/tui/dialogs/trust"
	"github.com/honecode/hone/internal/tui/styles"
)

// TrustRequest describes a project whose config has parts that run
// programs or send data: what AskTrust shows.
type TrustRequest = trustdlg.Request

// TrustPart is one such part.
type TrustPart = trustdlg.Part

// TrustAnswer is what the user chose in AskTrust.
type TrustAnswer = trustdlg.Answer

// The answers of AskTrust.
const (
	TrustYes    = trustdlg.Trust
	TrustNotNow = trustdlg.NotNow
	TrustQuit   = trustdlg.Quit
)

// AskTrust shows, full screen and before anything of the project starts,
// the project's executable config parts and asks whether to trust the
// project (t), not now (n, Esc), or to quit (Ctrl+C).
func AskTrust(ctx context.Context, req TrustRequest, opts Options) (TrustAnswer, error) {
	theme := styles.New(!opts.Light, opts.NoColor)
	m := &trustScreen{dlg: trustdlg.New(theme, req, opts.now()), opts: opts, dark: !opts.Light}
	progOpts := []tea.ProgramOption{tea.WithContext(ctx)}
	if opts.NoColor {
		progOpts = append(progOpts, tea.WithColorProfile(colorprofile.Ascii))
	}
	if _, err := tea.NewProgram(m, progOpts...).Run(); err != nil {
		return TrustQuit, fmt.Errorf("ask trust: %w", err)
	}
	return m.answer, nil
}

// trustScreen is the program that shows the trust dialog alone.
type trustScreen struct {
	dlg           *trustdlg.Model
	opts          Options
	dark          bool
	width, height int
	answer        TrustAnswer
}

func (m *trustScreen) Init() tea.Cmd { return tea.RequestBackgroundColor }

func (m *trustScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		if dark := msg.IsDark(); dark != m.dark {
			m.dark = dark
			m.dlg.SetTheme(styles.New(dark, m.opts.NoColor))
		}
	case tea.KeyPressMsg:
		if a := m.dlg.HandleKey(msg, m.opts.now()); a != trustdlg.None {
			m.answer = a
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m *trustScreen) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.WindowTitle = "hone"
	if m.width > 0 {
		dlg := m.dlg.View(m.width, m.height)
		v.SetContent(lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, dlg))
	}
	return v
}
