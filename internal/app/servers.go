package app

import (
	"context"
	"errors"

	"github.com/honecode/hone/internal/lsp"
	"github.com/honecode/hone/internal/mcp"
)

// ServerState is the state of one MCP or language server.
type ServerState struct {
	Name string
	// Kind is "mcp" or "lsp".
	Kind string
	// State is "starting", "ready", "error", "disabled", (MCP servers
	// waiting for `hone mcp login`) "needs login" or (language servers not
	// yet needed) "idle".
	State string
	Error string
}

// StartServers starts the configured MCP servers in the background and
// returns at once; their tools appear in the registry as they connect.
// Language servers start by themselves on the first file of their type.
func (a *App) StartServers(ctx context.Context) error {
	svc, err := a.services(ctx)
	if err != nil {
		return err
	}
	svc.mcp.Start(a.bg)
	return nil
}

// WaitServers waits until every MCP server is connected or failed, each
// within its start timeout (hone run calls it before the first request,
// so the model sees every tool). A server that failed is not an error
// here: its state says why.
func (a *App) WaitServers(ctx context.Context) error {
	svc, err := a.services(ctx)
	if err != nil {
		return err
	}
	if err := svc.mcp.WaitReady(ctx); err != nil && !errors.Is(err, mcp.ErrNotStarted) {
		return err
	}
	return nil
}

// ServerStates reports every configured MCP server and every language
// server that is configured or detected.
func (a *App) ServerStates(ctx context.Context) []ServerState {
	svc, ok := a.builtServices()
	if !ok {
		return nil
	}
	var out []ServerState
	for _, s := range svc.mcp.States() {
		out = append(out, ServerState{Name: s.Name, Kind: "mcp", State: mcpState(s.State), Error: s.Error})
	}
	for _, s := range svc.lsp.States() {
		out = append(out, ServerState{Name: s.Name, Kind: "lsp", State: lspState(s.State), Error: s.Error})
	}
	return out
}

func mcpState(s mcp.State) string {
	switch s {
	case mcp.StateConnected:
		return "ready"
	case mcp.StateFailed:
		return "error"
	}
	return s.Label()
}

func lspState(s lsp.State) string {
	switch s {
	case lsp.StateReady:
		return "ready"
	case lsp.StateFailed:
		return "error"
	}
	return string(s)
}
