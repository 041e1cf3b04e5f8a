// Package procgroup runs a long-lived helper program (an MCP server, a
// language server) that talks over its stdin and stdout and must never
// outlive Hone: the child leads its own process group, so terminal
// signals meant for Hone skip it and Stop can kill it together with
// anything it spawned. The last lines of its stderr are kept for error
// reports.
package procgroup
