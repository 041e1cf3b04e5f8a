// Package full is hone's command line with the front ends that hone
// itself does not link: the interactive interface (Bubble Tea, Glamour,
// the chroma highlighter) and `hone mcp serve` (mcp-go's server and its
// schema validator). The hone-full executable runs it; hone replaces
// itself with hone-full for these two commands (cmd.Frontends), so their
// libraries never initialize on `hone version` or `hone run`.
package full

import (
	"context"

	"github.com/honecode/hone/internal/cmd"
)

// Main runs the whole command line with args, as hone-full, and returns
// the exit code.
func Main(ctx context.Context, args []string, io cmd.IO) int {
	return cmd.MainWith(ctx, args, io, Frontends())
}

// Frontends are the interface and the MCP server, linked.
func Frontends() cmd.Frontends {
	return cmd.Frontends{Interface: runInterface, MCPServe: runMCPServe}
}
