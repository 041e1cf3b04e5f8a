package tui

import (
	"os"
	"time"
)

// Options configure Run and NewModel.
type Options struct {
	// SessionID opens this session (a full id: internal/cmd resolves
	// prefixes with the session service before calling Run).
	SessionID string
	// Continue opens the project's latest session (Sessions.LatestSession)
	// when SessionID is empty.
	Continue bool
	// NoColor renders without colors. Run also honours the NO_COLOR
	// environment variable through terminal color-profile detection.
	NoColor bool
	// Light starts with the palette for light backgrounds; the color the
	// terminal reports for its background overrides it either way.
	Light bool
	// Theme is the theme's name (styles.Names; "" is auto): auto and
	// high-contrast follow the background the terminal reports, dark and
	// light do not.
	Theme string
	// Notify is how to get attention while the terminal is not focused:
	// auto, bell, osc9, osc777 or off ("" is auto).
	Notify string
	// Now is the clock (nil: time.Now); tests inject a fake one to step
	// past the permission dialog's input guard.
	Now func() time.Time
	// Editor is the command for Ctrl+O ("": $VISUAL, $EDITOR, then vi).
	Editor string
	// Getenv reads the environment (nil: os.Getenv).
	Getenv func(string) string
	// Notice, when set, is shown as a warning once the chat screen is up
	// (what "not now" in AskTrust left out).
	Notice string
	// Draft is put in the editor at start (text piped into hone), for the
	// user to read, edit and send.
	Draft string
	// SlashCommands are the custom commands and user-invocable skills:
	// the palette lists them, and choosing one puts /name in the editor
	// for its arguments (the agent expands it when sent).
	SlashCommands []SlashCommand
}

// SlashCommand is one /name the user may send.
type SlashCommand struct {
	Name         string
	Description  string
	ArgumentHint string
}

func (o Options) getenv(k string) string {
	if o.Getenv != nil {
		return o.Getenv(k)
	}
	return os.Getenv(k)
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}
