// Package hooks runs the user's hook commands at agent events, in the
// shape Claude Code defines: for each event a list of matchers, each with
// commands that receive the event as JSON on stdin and answer with an exit
// code and optional JSON on stdout.
//
// The package owns matching (tool names in Claude Code's spelling or
// Hone's), running (every command through procgroup with the allowlisted
// environment, in parallel, bounded by its timeout) and composing the
// answers in config order into one Outcome that the agent applies. It
// never decides on its own: an empty configuration runs nothing and lets
// everything through.
package hooks
