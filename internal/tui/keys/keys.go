// Package keys holds the application-wide key bindings: the ones the root
// model handles before a component sees the key. Components keep their own
// key maps; Help gathers every group for the help dialog.
package keys

import "charm.land/bubbles/v2/key"

// Map is the set of global bindings.
type Map struct {
	Cancel        key.Binding
	Quit          key.Binding
	NewSession    key.Binding
	Sessions      key.Binding
	Models        key.Binding
	Palette       key.Binding
	CycleMode     key.Binding
	ToggleSidebar key.Binding
	Help          key.Binding
	Focus         key.Binding
	PageUp        key.Binding
	PageDown      key.Binding
	Top           key.Binding
	Bottom        key.Binding
	SlashPalette  key.Binding
	RetryNow      key.Binding
	Escalate      key.Binding
}

// Default returns the global bindings.
func Default() Map {
	return Map{
		Cancel:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel turn (queued prompts go back to the editor first)")),
		Quit:          key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		NewSession:    key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "new session")),
		Sessions:      key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "sessions")),
		Models:        key.NewBinding(key.WithKeys("ctrl+l"), key.WithHelp("ctrl+l", "models")),
		Palette:       key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("ctrl+p", "commands")),
		CycleMode:     key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "cycle permission mode")),
		ToggleSidebar: key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "toggle sidebar")),
		Help:          key.NewBinding(key.WithKeys("f1", "ctrl+g"), key.WithHelp("f1/ctrl+g", "help")),
		Focus:         key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "focus editor/chat/queue")),
		PageUp:        key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "scroll up")),
		PageDown:      key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "scroll down")),
		Top:           key.NewBinding(key.WithKeys("home", "ctrl+home"), key.WithHelp("home", "first message (empty prompt)")),
		Bottom:        key.NewBinding(key.WithKeys("end", "ctrl+end"), key.WithHelp("end", "latest message (empty prompt)")),
		SlashPalette:  key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "commands (empty prompt)")),
		Escalate:      key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "escalate to the large model (routing escalate)")),
		RetryNow:      key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "retry now (after a failed turn)")),
	}
}

// Bindings lists the global keys for the help dialog.
func (m Map) Bindings() []key.Binding {
	return []key.Binding{
		m.Cancel, m.Quit, m.NewSession, m.Sessions, m.Models, m.Palette, m.CycleMode,
		m.ToggleSidebar, m.Help, m.Focus, m.PageUp, m.PageDown, m.Top, m.Bottom, m.SlashPalette, m.RetryNow,
	}
}
