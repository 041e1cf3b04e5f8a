package acp

import (
	"context"
	"fmt"
	"path/filepath"

	sdk "github.com/coder/acp-go-sdk"
)

// Initialize records what the client offers and describes Hone: session
// loading, image and embedded-context prompts, MCP servers over stdio,
// HTTP and SSE, closing and resuming sessions. No authentication: Hone
// uses the providers configured in hone.json.
func (a *Agent) Initialize(_ context.Context, p sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	a.mu.Lock()
	a.caps = p.ClientCapabilities
	a.mu.Unlock()
	version := sdk.ProtocolVersion(sdk.ProtocolVersionNumber)
	if p.ProtocolVersion < version {
		version = p.ProtocolVersion
	}
	title := "Hone"
	return sdk.InitializeResponse{
		ProtocolVersion: version,
		AgentInfo:       &sdk.Implementation{Name: "hone", Title: &title, Version: a.opts.Version},
		AuthMethods:     []sdk.AuthMethod{},
		AgentCapabilities: sdk.AgentCapabilities{
			LoadSession:        true,
			PromptCapabilities: sdk.PromptCapabilities{Image: true, EmbeddedContext: true},
			McpCapabilities:    sdk.McpCapabilities{Http: true, Sse: true},
			SessionCapabilities: sdk.SessionCapabilities{
				Close:  &sdk.SessionCloseCapabilities{},
				Resume: &sdk.SessionResumeCapabilities{},
			},
		},
	}, nil
}

// Authenticate has nothing to do: Hone offers no authentication methods.
func (a *Agent) Authenticate(context.Context, sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	return sdk.AuthenticateResponse{}, nil
}

// NewSession opens a Workspace in the client's directory and creates a
// Hone session there.
func (a *Agent) NewSession(ctx context.Context, p sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	s, err := a.open(ctx, p.Cwd, p.McpServers, "")
	if err != nil {
		return sdk.NewSessionResponse{}, err
	}
	st := s.state(ctx)
	return sdk.NewSessionResponse{SessionId: s.key, Modes: st.modes, Models: st.models, ConfigOptions: st.options}, nil
}

// LoadSession opens a stored Hone session (full id or unique prefix) and
// replays its history as session/update notifications before answering.
func (a *Agent) LoadSession(ctx context.Context, p sdk.LoadSessionRequest) (sdk.LoadSessionResponse, error) {
	s, err := a.open(ctx, p.Cwd, p.McpServers, string(p.SessionId))
	if err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	if err := s.replay(ctx); err != nil {
		return sdk.LoadSessionResponse{}, internalError(err)
	}
	st := s.state(ctx)
	return sdk.LoadSessionResponse{Modes: st.modes, Models: st.models, ConfigOptions: st.options}, nil
}

// ResumeSession opens a stored Hone session without replaying it.
func (a *Agent) ResumeSession(ctx context.Context, p sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	s, err := a.open(ctx, p.Cwd, p.McpServers, string(p.SessionId))
	if err != nil {
		return sdk.ResumeSessionResponse{}, err
	}
	st := s.state(ctx)
	return sdk.ResumeSessionResponse{Modes: st.modes, Models: st.models, ConfigOptions: st.options}, nil
}

// open opens the Workspace of cwd with the client's MCP servers and
// creates a session (id "") or resolves the stored one, then starts
// forwarding its events.
func (a *Agent) open(ctx context.Context, cwd string, servers []sdk.McpServer, id string) (*acpSession, error) {
	if !filepath.IsAbs(cwd) {
		return nil, invalidParams(fmt.Sprintf("cwd %q is not an absolute path", cwd))
	}
	mcp, err := mcpServers(servers)
	if err != nil {
		return nil, invalidParams(err.Error())
	}
	ed := newClientEditor(a.conn, a.clientCaps(), a.log)
	ws, err := a.opts.Open(ctx, OpenOptions{Cwd: cwd, MCPServers: mcp, Editor: ed.orNil()})
	if err != nil {
		return nil, internalError(err)
	}
	s, err := startSession(ctx, a, ws, id)
	if err != nil {
		_ = ws.Close()
		return nil, err
	}
	ed.bind(s.key)
	if err := a.add(s); err != nil {
		return nil, internalError(err)
	}
	return s, nil
}

// Cancel stops the session's running turn; its prompt answers with
// stopReason "cancelled".
func (a *Agent) Cancel(_ context.Context, p sdk.CancelNotification) error {
	s, err := a.session(p.SessionId)
	if err != nil {
		return nil // nothing to cancel
	}
	s.cancel()
	return nil
}

// CloseSession cancels the session's work and releases its services; the
// session stays stored and can be loaded again.
func (a *Agent) CloseSession(_ context.Context, p sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	a.mu.Lock()
	s, ok := a.sessions[string(p.SessionId)]
	delete(a.sessions, string(p.SessionId))
	a.mu.Unlock()
	if !ok {
		return sdk.CloseSessionResponse{}, nil
	}
	return sdk.CloseSessionResponse{}, internalErrorOrNil(s.close())
}

// ListSessions is not offered (the capability is not advertised).
func (a *Agent) ListSessions(context.Context, sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	return sdk.ListSessionsResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionList)
}

func internalErrorOrNil(err error) error {
	if err == nil {
		return nil
	}
	return internalError(err)
}
