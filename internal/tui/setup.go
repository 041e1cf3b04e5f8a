package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/onboarding"
	"github.com/honecode/hone/internal/tui/status"
)

// handleSetup drives the start: onboarding when no provider is usable,
// else the chat screen.
func (m *Model) handleSetup(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case setupStatusMsg:
		if msg.err == nil && !msg.status.Ready {
			m.onboarding = onboarding.New(m.theme, onboardingProviders(msg.status.Providers))
			return detectOllamaCmd(m.ctx, m.b)
		}
		cmd := m.startChat()
		if msg.err != nil {
			return tea.Batch(cmd, m.flash(status.Error, "setup: "+msg.err.Error()))
		}
		return cmd
	case ollamaMsg:
		if m.onboarding != nil {
			m.onboarding.SetOllama(msg.err == nil && msg.info.Found, msg.info.BaseURL, msg.info.Models)
		}
	case setupSavedMsg:
		if m.onboarding == nil {
			return nil
		}
		if msg.err != nil {
			m.onboarding.SetError("could not save the config: " + msg.err.Error())
			return nil
		}
		m.onboarding = nil
		return tea.Batch(m.startChat(), m.flash(status.Info, "saved to your global config"))
	}
	return nil
}

// startChat loads the requested session and the side data.
func (m *Model) startChat() tea.Cmd {
	m.started = true
	cmds := []tea.Cmd{modelStateCmd(m.ctx, m.b, false), serversCmd(m.ctx, m.b), serversTickCmd(), modeCmd(m.b)}
	if m.opts.Notice != "" {
		cmds = append(cmds, m.flash(status.Warn, m.opts.Notice))
	}
	if m.opts.SessionID != "" || m.opts.Continue {
		cmds = append(cmds, loadSessionCmd(m.ctx, m.b, m.opts.SessionID, m.opts.SessionID == ""))
	}
	return tea.Batch(cmds...)
}

func (m *Model) onboardingKey(msg tea.KeyPressMsg) tea.Cmd {
	switch a := m.onboarding.HandleKey(msg).(type) {
	case onboarding.Quit:
		return tea.Quit
	case onboarding.Save:
		return saveSetupCmd(m.ctx, m.b, ProviderSelection{
			Provider: a.Provider, Type: a.Type, BaseURL: a.BaseURL,
			APIKeyRef: a.APIKeyRef, APIKey: a.APIKey, Large: a.Large, Small: a.Small,
		})
	}
	return nil
}

func onboardingProviders(in []ProviderInfo) []onboarding.Provider {
	out := make([]onboarding.Provider, len(in))
	for i, p := range in {
		out[i] = onboarding.Provider{
			Name: p.Name, Type: p.Type, EnvVar: p.EnvVar, KeySet: p.KeySet,
			DefaultLarge: p.DefaultLarge, DefaultSmall: p.DefaultSmall, Models: p.Models,
		}
	}
	return out
}
