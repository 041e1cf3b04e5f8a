// Package editor is the prompt editor: a multi-line text area (Enter
// sends, Shift+Enter / Ctrl+J / Alt+Enter insert a newline), prompt history
// on Up/Down, attachments (files picked with @ and large pastes), and the
// request to edit the prompt in $EDITOR. It reports what the user wants as
// an Action; the root model does the IO.
package editor
