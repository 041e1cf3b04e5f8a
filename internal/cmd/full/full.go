// Package full is hone's command line with what hone itself does not
// link: the interactive interface (Bubble Tea, Glamour, the chroma
// highlighter), `hone mcp serve` (mcp-go's server and its schema
// validator), the OpenTelemetry exporter (the OTel SDK) and the Gemini
// adapter (genai). The hone-full executable runs it; hone replaces itself
// with hone-full for these (cmd.Frontends), and for `hone acp`, so their
// libraries never initialize on `hone version` or a plain `hone run`;
// hone's own Gemini calls run in hone-gemini (internal/llm/remote).
package full

import (
	"context"

	"github.com/honecode/hone/internal/cmd"
	"github.com/honecode/hone/internal/llm/gemini"
)

// Main runs the whole command line with args, as hone-full, and returns
// the exit code.
func Main(ctx context.Context, args []string, io cmd.IO) int {
	return cmd.MainWith(ctx, args, io, Frontends())
}

// Frontends are the interface, the MCP server, the OpenTelemetry exporter
// and the Gemini adapter, linked: hone-full calls Gemini in process (hone
// calls it through hone-gemini).
func Frontends() cmd.Frontends {
	return cmd.Frontends{Interface: runInterface, MCPServe: runMCPServe, Telemetry: newTelemetry, Gemini: gemini.FromSpec}
}
