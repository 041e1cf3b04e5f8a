package mcpserve

import (
	"context"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// Coordinator is what a call needs of the agent Coordinator.
type Coordinator interface {
	RunWith(ctx context.Context, sessionID, prompt string, attachments []llm.Part, opts agent.RunOptions) (*agent.Result, error)
	Subscribe(ctx context.Context) <-chan pubsub.Event[agent.Event]
}

// Sessions creates and finds sessions.
type Sessions interface {
	Create(ctx context.Context, projectDir string) (session.Session, error)
	Resolve(ctx context.Context, idOrPrefix string) (session.Session, error)
}

// Workspace is Hone opened for one call: an App in the call's directory,
// non-interactive, with the call's model and permission mode.
type Workspace struct {
	WorkDir  string
	Agent    Coordinator
	Sessions Sessions
	// Close releases the services.
	Close func() error
}

// OpenOptions say how to open the Workspace of one call.
type OpenOptions struct {
	Cwd            string
	Model          string // provider/model, "" for the configured one
	PermissionMode string // a mode already checked against the server's maximum
}

// Opener opens a Workspace; the command layer implements it over an App.
type Opener func(ctx context.Context, o OpenOptions) (*Workspace, error)
