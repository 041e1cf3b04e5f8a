// Package tui is Hone's full-screen terminal interface, built on Bubble Tea
// v2. The root Model only routes: key presses go to the focused component or
// the open dialog, broker events (delivered by one bridge goroutine through
// tea.Program.Send) go to the components they concern, and every piece of IO
// runs in a tea.Cmd against the Backend the caller supplies.
//
// Components live in sub-packages (chat, editor, sidebar, status, queue,
// completion, dialogs/*, onboarding); each is a plain struct with SetSize,
// HandleKey and a render method, and none of them does IO.
//
// internal/cmd starts the interface with Run; internal/app provides the
// Backend adapter. The package never imports the store, provider adapters
// or tool implementations.
package tui
