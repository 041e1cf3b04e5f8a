package cmd

import (
	"errors"

	"github.com/spf13/cobra"
)

// MCPServeOptions are the flags of `hone mcp serve`.
type MCPServeOptions struct {
	HTTP    string // loopback HOST:PORT; "" serves stdio
	MaxMode string
}

func newMCPServeCmd(f *Factory) *cobra.Command {
	opts := &MCPServeOptions{}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve Hone as an MCP server (tools hone and hone_reply) on stdio or loopback HTTP",
		Long: `Serve makes Hone a Model Context Protocol server for other agents. Its hone tool runs a
task in a new session of a directory and returns the final answer and the session id; hone_reply
continues a session. Nobody can answer permission prompts, so whatever the call's permission mode
and the rules do not allow is denied, as in "hone run". See docs/mcp-server.md.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if f.Frontends.MCPServe == nil {
				return errors.New("this build has no MCP server")
			}
			return f.Frontends.MCPServe(c.Context(), f, *opts)
		},
	}
	c.Flags().StringVar(&opts.HTTP, "http", "", "serve streamable HTTP on this loopback address (127.0.0.1:PORT) instead of stdio")
	c.Flags().StringVar(&opts.MaxMode, "max-mode", "yolo", "loosest permission mode a caller may ask for: plan, default, accept-edits or yolo")
	return c
}
