package permission

import "charm.land/bubbles/v2/key"

// KeyMap holds the dialog's keys.
type KeyMap struct {
	AllowOnce, AllowSession, AllowAlways key.Binding
	Deny, Feedback                       key.Binding
	Next, Prev, Confirm, Cancel, Engage  key.Binding
	LineUp, LineDown, PageUp, PageDown   key.Binding
	Top, Bottom                          key.Binding
}

// DefaultKeyMap returns the dialog's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		AllowOnce:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "allow once (after tab)")),
		AllowSession: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "allow for this session (after tab)")),
		AllowAlways:  key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "always allow: write the rule to your config (after tab)")),
		Deny:         key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "deny (after tab)")),
		Feedback:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "deny with feedback (after tab)")),
		Next:         key.NewBinding(key.WithKeys("tab", "right"), key.WithHelp("tab/→", "next choice")),
		Prev:         key.NewBinding(key.WithKeys("shift+tab", "left"), key.WithHelp("shift+tab/←", "previous choice")),
		Confirm:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm highlighted")),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "deny")),
		Engage:       key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "answer a request shown while typing")),
		LineUp:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "scroll up")),
		LineDown:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "scroll down")),
		PageUp:       key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "scroll up a page")),
		PageDown:     key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "scroll down a page")),
		Top:          key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "top")),
		Bottom:       key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "bottom")),
	}
}

// Bindings lists the keys for the help screen.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Engage, k.Confirm, k.Next, k.Prev, k.Cancel, k.AllowOnce, k.AllowSession, k.AllowAlways, k.Deny, k.Feedback,
		k.LineUp, k.LineDown, k.PageUp, k.PageDown}
}
