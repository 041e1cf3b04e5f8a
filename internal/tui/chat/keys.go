package chat

import "charm.land/bubbles/v2/key"

// KeyMap holds the keys the chat handles while it has focus.
type KeyMap struct {
	Prev, Next key.Binding // select the previous/next collapsible block
	Toggle     key.Binding // expand or collapse the selected block
	Copy       key.Binding // copy the selected block (the front end does)
}

// DefaultKeyMap returns the chat's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Prev:   key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "previous block")),
		Next:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next block")),
		Toggle: key.NewBinding(key.WithKeys("enter", "space"), key.WithHelp("enter", "expand/collapse")),
		Copy:   key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy the selected block (OSC 52)")),
	}
}

// Bindings lists the keys for the help screen.
func (k KeyMap) Bindings() []key.Binding { return []key.Binding{k.Prev, k.Next, k.Toggle, k.Copy} }
