// Package dialogs holds what the TUI's dialogs share: the frame they are
// drawn in, a fuzzy-filtered list, and a text input styled by the theme.
// Each dialog lives in its own sub-package and reports the user's choice
// as an action value; none of them does IO.
package dialogs
