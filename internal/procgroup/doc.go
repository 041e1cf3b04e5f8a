// Package procgroup starts every child process Hone runs (shell commands,
// MCP servers, language servers) so that none outlives Hone.
//
// Each child leads its own process group (or session), so terminal
// signals meant for Hone skip it and it can be signalled and killed with
// everything it spawned; when a child exits, what is left of its group is
// killed. A Launcher starts children through a supervisor: a second Hone
// process (`hone __procs`) that Hone talks to over a socket. The supervisor
// is a child subreaper; when the socket closes — Hone exited, crashed or
// was killed with SIGKILL — it kills every child's group and every process
// that was reparented to it, then exits. Without a supervisor (tests, or
// when it cannot start) children are started directly and die with Hone
// only when Hone exits normally.
//
// A Spec may carry an encoded sandbox policy; the Launcher's Confine hook
// turns it into a function that confines one OS thread, and the child is
// forked from that thread, which is then discarded (see internal/sandbox).
//
// Process wraps a child that talks over its stdin and stdout (MCP and
// language servers) and keeps the last lines of its stderr.
package procgroup
