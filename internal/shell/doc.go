// Package shell judges shell command lines before Hone runs them and runs
// them in their own process group.
//
// Analyze parses a command with mvdan.cc/sh/v3/syntax and walks every
// simple command in it — pipelines, lists, background jobs, subshells,
// command and process substitutions, function bodies, and the scripts
// handed to wrappers such as `bash -c`, `env`, `xargs` or `timeout`. It
// judges the line against the filesystem (Where): a command is read-only
// when its program has a read-only table (programs*.go, git.go,
// golang.go, find.go, sed.go, ps.go) that accepts every option, every
// argument read as a path resolves inside the project through fsguard
// from every directory the line may cd into, and, for git, the
// repository's own configuration names no program (gitconfig.go).
// Guardrails refuse privilege escalation, system package installs and
// setuid modes; commands computed at run time are unchecked, so only a
// person may allow them. Pattern matches deny rules against a normalized
// form of each command (normalize.go). HardenEnv and GitEnv prepare the
// environment of read-only lines.
//
// Start runs a script with `bash -c` (or `sh`) in a new session and
// process group with stdin from /dev/null, collects its combined output in
// a bounded head+tail buffer, and kills the whole group when the script
// ends, times out or is cancelled.
package shell
