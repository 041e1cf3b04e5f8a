// Command conformance is the client the official MCP conformance suite
// (@modelcontextprotocol/conformance) drives: the suite starts a test
// server per scenario and runs this program with the server URL as its
// last argument, the scenario name in MCP_CONFORMANCE_SCENARIO and
// scenario data (pre-registered clients, keys) in MCP_CONFORMANCE_CONTEXT.
//
// It is Hone's MCP client as Hone runs it: an mcp.Manager with one http
// server in its config, tools in a tools.Registry, OAuth tokens in an
// mcpauth.Store. Only what a person would do is scripted: the browser that
// follows the authorization redirect, the user who accepts an elicitation
// with its defaults, and the model calling the scenario's tool.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Getenv)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance client:", err)
		os.Exit(1)
	}
}
