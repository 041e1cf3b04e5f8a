// Package shell judges shell command lines before Hone runs them and runs
// them in their own process group.
//
// Analyze parses a command with mvdan.cc/sh/v3/syntax and walks every
// simple command in it — pipelines, lists, background jobs, subshells,
// command and process substitutions, function bodies, and the scripts
// handed to wrappers such as `bash -c`, `env`, `xargs` or `timeout`. The
// result says whether the whole line only reads inside the project (it may
// run without a prompt), whether a guardrail refuses it (privilege
// escalation, system package installs), and the normalized prefix of each
// command that an allow-for-session grant covers. A line that cannot be
// parsed is never read-only.
//
// Start runs a script with `bash -c` (or `sh`) in a new session and
// process group with stdin from /dev/null, collects its combined output in
// a bounded head+tail buffer, and kills the whole group when the script
// ends, times out or is cancelled.
package shell
