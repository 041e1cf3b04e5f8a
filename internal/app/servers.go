package app

import "context"

// ServerState is the state of one MCP or language server.
type ServerState struct {
	Name string
	// Kind is "mcp" or "lsp".
	Kind string
	// State is "starting", "ready", "error" or "disabled".
	State string
	Error string
}

// ServerStates reports every configured MCP and language server. Servers
// that were never started (nothing used them yet) are not listed.
func (a *App) ServerStates(ctx context.Context) []ServerState {
	_ = ctx
	return nil
}
