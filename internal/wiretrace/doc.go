// Package wiretrace writes wire traces for debugging providers and MCP
// servers (--trace-llm, --trace-mcp, options.trace): every request and
// response, streamed bodies included, as JSON lines in one file per
// session under the data directory. Header values outside an allowlist
// are replaced, and every value goes through the caller's redaction
// function (the one of the logs) before it is written.
package wiretrace
