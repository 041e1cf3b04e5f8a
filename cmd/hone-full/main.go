// Command hone-full is hone with its interactive interface and MCP server
// linked. hone replaces itself with hone-full, found next to it, for the
// bare `hone` command and `hone mcp serve`; every other command works
// the same in both executables.
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
