// Package mcpserve is the front end behind `hone mcp serve`: Hone as a
// Model Context Protocol server, so other agents (Claude Code, Codex, …)
// can hand it a task. It offers two tools: hone (a prompt in a new
// session of a directory) and hone_reply (a prompt in an existing
// session). Both run a turn through the same Coordinator as `hone run`,
// report progress notifications while it works, stop when the caller
// cancels, and answer with the final text and the session id.
//
// Nobody can answer a permission prompt here, so it fails closed exactly
// like `hone run`: whatever the permission mode and rules do not allow is
// denied. The caller picks the mode per call, up to the server's
// --max-mode.
//
// Only this package imports mcp-go's server side.
package mcpserve
