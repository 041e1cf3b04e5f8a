package acp

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"

	sdk "github.com/coder/acp-go-sdk"
)

// Options configure the ACP agent.
type Options struct {
	// Open opens the Workspace of a new or loaded session.
	Open Opener
	// Version is reported to the client in agentInfo.
	Version string
	// Logger receives diagnostics (never stdout: that is the protocol).
	Logger *slog.Logger
}

// Agent is Hone's side of an ACP connection. It implements the SDK's
// Agent, AgentLoader and model-selection interfaces.
type Agent struct {
	opts Options
	log  *slog.Logger
	conn client

	mu       sync.Mutex
	caps     sdk.ClientCapabilities
	sessions map[string]*acpSession
	closed   bool
}

// client is what the agent calls on the ACP client.
type client interface {
	SessionUpdate(ctx context.Context, n sdk.SessionNotification) error
	RequestPermission(ctx context.Context, r sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error)
	ReadTextFile(ctx context.Context, r sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error)
	WriteTextFile(ctx context.Context, r sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error)
}

var (
	_ sdk.Agent       = (*Agent)(nil)
	_ sdk.AgentLoader = (*Agent)(nil)
)

// Serve speaks ACP over in (requests from the client) and out (responses
// and notifications) until the client disconnects or ctx ends; then it
// cancels running turns and closes every session's services.
func Serve(ctx context.Context, opts Options, in io.Reader, out io.Writer) error {
	a := newAgent(opts)
	// The SDK starts reading at once; no message may reach a handler
	// before the connection and a.conn are fully set up.
	gate := &gatedReader{r: in, open: make(chan struct{})}
	conn := sdk.NewAgentSideConnection(a, out, gate)
	conn.SetLogger(a.log)
	a.conn = conn
	close(gate.open)
	select {
	case <-conn.Done():
	case <-ctx.Done():
	}
	return a.Close()
}

func newAgent(opts Options) *Agent {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Agent{opts: opts, log: log, sessions: map[string]*acpSession{}}
}

// Close ends every session: running turns are cancelled (their partial
// work is saved) and their services closed.
func (a *Agent) Close() error {
	a.mu.Lock()
	a.closed = true
	ss := a.sessions
	a.sessions = map[string]*acpSession{}
	a.mu.Unlock()
	var errs []error
	for _, s := range ss {
		errs = append(errs, s.close())
	}
	return errors.Join(errs...)
}

// session returns the open ACP session with id.
func (a *Agent) session(id sdk.SessionId) (*acpSession, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	s, ok := a.sessions[string(id)]
	if !ok {
		return nil, notFound("session " + string(id) + " is not open: create it with session/new or load it with session/load")
	}
	return s, nil
}

// add registers an opened session; a session open twice (loaded again)
// replaces the old one, which is closed.
func (a *Agent) add(s *acpSession) error {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		_ = s.close()
		return errors.New("agent is shutting down")
	}
	old := a.sessions[string(s.key)]
	a.sessions[string(s.key)] = s
	a.mu.Unlock()
	if old != nil {
		return old.close()
	}
	return nil
}

func (a *Agent) clientCaps() sdk.ClientCapabilities {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.caps
}

// notFound is the ACP "resource not found" error.
func notFound(msg string) error {
	return &sdk.RequestError{Code: -32002, Message: msg}
}

// invalidParams is a bad-request error whose message says what is wrong.
func invalidParams(msg string) error {
	return &sdk.RequestError{Code: -32602, Message: msg}
}

// internalError reports a failure with its message, which clients show.
func internalError(err error) error {
	var re *sdk.RequestError
	if errors.As(err, &re) {
		return re
	}
	return &sdk.RequestError{Code: -32603, Message: err.Error()}
}

// gatedReader blocks every Read until open is closed.
type gatedReader struct {
	r    io.Reader
	open chan struct{}
}

func (g *gatedReader) Read(p []byte) (int, error) {
	<-g.open
	return g.r.Read(p)
}
