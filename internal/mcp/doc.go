// Package mcp connects Hone to Model Context Protocol servers and offers
// their tools to the model.
//
// A Manager is built from the `mcp` section of the config and does no work
// until Start, which connects every enabled server concurrently in the
// background: stdio servers run as child processes in their own process
// group, http servers speak streamable HTTP and sse servers the older
// HTTP+SSE transport. Each tool of a connected server is registered in the
// tool registry as mcp_<server>_<tool> with the server's JSON Schema.
// Remote servers that require OAuth are authorized through mcpauth; one
// that needs the user's login is reported as StateNeedsLogin. Workarounds
// for gaps of mcp-go live in compat.go only.
//
// Faults stay contained: a server that fails to start is reported with its
// reason and offers no tools; a server that exits is reported at once and
// restarted, with backoff, on the next call of one of its tools; every call
// has a timeout and honours the turn's cancellation; Close stops every
// server and kills every stdio process group, so no server outlives Hone.
package mcp
