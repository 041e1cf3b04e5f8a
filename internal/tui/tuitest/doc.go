// Package tuitest supports tests of the TUI: Fake is an in-memory
// tui.Backend whose turns are scripted (streamed text, reasoning, tool
// calls that ask permission, turns that block until cancelled), and Driver
// runs a tea.Model the way a tea.Program would — one update loop, commands
// in goroutines — without a terminal, so tests can press keys and wait for
// what the screen shows.
package tuitest
