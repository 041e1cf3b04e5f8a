// Package run is the non-interactive front end behind `hone run`: it sends
// one prompt to a session, writes the answer as it streams (text), as one
// JSON object at the end (json) or as one JSON event per line
// (stream-json), and maps the turn's outcome to a documented exit code
// (docs/exit-codes.md).
//
// It only calls the agent and session APIs declared in deps.go and reads
// agent events; the command layer (internal/cmd) parses flags, reads piped
// stdin (Prompt) and handles signals (NotifyInterrupt).
package run
