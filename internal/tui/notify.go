package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Notification kinds of Options.Notify.
const (
	notifyAuto   = "auto"
	notifyBell   = "bell"
	notifyOSC9   = "osc9"
	notifyOSC777 = "osc777"
	notifyOff    = "off"
)

// notifyKind resolves "auto" (or "") from the terminal: an OSC 9
// notification where the terminal is known to show one, else a bell.
func (o Options) notifyKind() string {
	if o.Notify != "" && o.Notify != notifyAuto {
		return o.Notify
	}
	switch o.getenv("TERM_PROGRAM") {
	case "iTerm.app", "WezTerm", "ghostty":
		return notifyOSC9
	}
	if o.getenv("TERM") == "xterm-kitty" {
		return notifyOSC9
	}
	return notifyBell
}

// notifySequence is the escape sequence that tells the user text, of
// kind: a bell, an OSC 9 or an OSC 777 notification ("" for off).
func notifySequence(kind, text string) string {
	text = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' ' // no control character may end the sequence early
		}
		return r
	}, text)
	switch kind {
	case notifyOSC9:
		return "\x1b]9;" + text + "\x07"
	case notifyOSC777:
		return "\x1b]777;notify;Hone;" + text + "\x07"
	case notifyBell:
		return "\a"
	}
	return ""
}

// notify gets the user's attention with text when the terminal reported
// that it lost focus (focus reporting is on while the TUI runs).
func (m *Model) notify(text string) tea.Cmd {
	if !m.unfocused {
		return nil
	}
	seq := notifySequence(m.opts.notifyKind(), text)
	if seq == "" {
		return nil
	}
	return tea.Raw(seq)
}
