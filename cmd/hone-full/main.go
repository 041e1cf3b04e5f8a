// Command hone-full is hone with its interactive interface, MCP server
// and OpenTelemetry exporter linked. hone replaces itself with hone-full,
// found next to it, for the bare `hone` command, `hone mcp serve`, `hone
// acp` and a `hone run` whose config asks for an export; every other
// command works the same in both executables.
package main

import (
	"context"
	"os"

	"github.com/honecode/hone/internal/cmd"
	"github.com/honecode/hone/internal/cmd/full"
)

func main() {
	os.Exit(full.Main(context.Background(), os.Args[1:], cmd.StdIO()))
}
