// Package acp is the Agent Client Protocol front end behind `hone acp`:
// editors (Zed, JetBrains IDEs, Neovim plugins) start Hone as a
// subprocess and drive it with JSON-RPC over stdio.
//
// It is a thin adapter like the TUI and `hone run`: every ACP session is a
// Hone session run by the same Coordinator, whose events become
// session/update notifications (message and thought chunks, tool calls,
// plans), whose permission requests become session/request_permission
// calls, and whose history session/load replays. Each ACP session gets
// its own Workspace (an App opened in the session's directory with the
// editor's MCP servers), so modes, grants and servers never leak between
// sessions. When the client offers fs/read_text_file and
// fs/write_text_file, the file tools read and write through it
// (tools.Editor) and see unsaved buffers.
//
// The wire format is github.com/coder/acp-go-sdk; only this package
// imports it.
package acp
