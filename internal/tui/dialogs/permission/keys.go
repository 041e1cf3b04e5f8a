package permission

import "charm.land/bubbles/v2/key"

// KeyMap holds the dialog's keys.
type KeyMap struct {
	AllowOnce, AllowSession, Deny, Feedback key.Binding
	Next, Prev, Confirm, Cancel             key.Binding
}

// DefaultKeyMap returns the dialog's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		AllowOnce:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "allow once")),
		AllowSession: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "allow for session")),
		Deny:         key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "deny")),
		Feedback:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "deny with feedback")),
		Next:         key.NewBinding(key.WithKeys("tab", "right", "down", "l", "j"), key.WithHelp("tab/→", "next choice")),
		Prev:         key.NewBinding(key.WithKeys("shift+tab", "left", "up", "h", "k"), key.WithHelp("shift+tab/←", "previous choice")),
		Confirm:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm highlighted")),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "deny")),
	}
}

// Bindings lists the keys for the help screen.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.AllowOnce, k.AllowSession, k.Deny, k.Feedback, k.Next, k.Confirm, k.Cancel}
}
