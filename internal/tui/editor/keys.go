package editor

import "charm.land/bubbles/v2/key"

// KeyMap holds the editor's own keys (text editing keys belong to the
// text area).
type KeyMap struct {
	Send       key.Binding
	Newline    key.Binding
	HistPrev   key.Binding
	HistNext   key.Binding
	External   key.Binding
	DropAttach key.Binding
}

// DefaultKeyMap returns the editor's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Send:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
		Newline:    key.NewBinding(key.WithKeys("shift+enter", "ctrl+j", "alt+enter"), key.WithHelp("shift+enter/ctrl+j", "newline")),
		HistPrev:   key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous prompt")),
		HistNext:   key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next prompt")),
		External:   key.NewBinding(key.WithKeys("ctrl+o", "ctrl+e"), key.WithHelp("ctrl+o/ctrl+e", "edit in $EDITOR")),
		DropAttach: key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "drop last attachment (empty prompt)")),
	}
}

// Bindings lists the keys for the help screen.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Send, k.Newline, k.HistPrev, k.HistNext, k.External, k.DropAttach}
}
