package acp

import (
	"context"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// Coordinator is what the ACP front end needs of the agent Coordinator.
type Coordinator interface {
	RunWith(ctx context.Context, sessionID, prompt string, attachments []llm.Part, opts agent.RunOptions) (*agent.Result, error)
	Cancel(sessionID string)
	Subscribe(ctx context.Context) <-chan pubsub.Event[agent.Event]
}

// Sessions creates, finds and follows Hone sessions.
type Sessions interface {
	Create(ctx context.Context, projectDir string) (session.Session, error)
	Resolve(ctx context.Context, idOrPrefix string) (session.Session, error)
	Subscribe(ctx context.Context) <-chan pubsub.Event[session.Session]
}

// Messages lists a session's stored messages (session/load replays them).
type Messages interface {
	List(ctx context.Context, sessionID string) ([]message.Message, error)
}

// Permissions is the permission service as a front end sees it: pending
// requests to answer, decisions (to withdraw a prompt that was settled
// elsewhere) and the mode.
type Permissions interface {
	Subscribe(ctx context.Context) <-chan pubsub.Event[permission.Request]
	SubscribeDecisions(ctx context.Context) <-chan pubsub.Event[permission.Decision]
	Respond(requestID string, a permission.Answer, feedback string) error
	Mode() permission.Mode
	SetMode(m permission.Mode) error
}

// Tools looks up a registered tool (its policy gives the ACP tool kind).
type Tools interface {
	Get(name string) (tools.Tool, bool)
}

// Models lists the usable models and picks the one of the large role.
type Models interface {
	// Current is the large role's first candidate ("provider/model").
	Current() string
	// Choices are every model of a usable provider.
	Choices(ctx context.Context) []ModelChoice
	// Set makes ref the large role's first candidate.
	Set(ctx context.Context, ref string) error
}

// ModelChoice is one selectable model.
type ModelChoice struct {
	Ref  string // provider/model
	Name string
}

// Workspace is the set of Hone services behind one ACP session: an App
// opened in the session's working directory, with the editor's MCP
// servers and file access.
type Workspace struct {
	WorkDir  string
	Agent    Coordinator
	Sessions Sessions
	Messages Messages
	Perms    Permissions
	Tools    Tools
	Models   Models
	// Close releases the services (MCP servers, language servers, the
	// database handle).
	Close func() error
}

// OpenOptions say how to open the Workspace of an ACP session.
type OpenOptions struct {
	// Cwd is the session's absolute working directory.
	Cwd string
	// MCPServers are the servers the editor passed, by name.
	MCPServers map[string]config.MCPServer
	// Editor serves file reads and writes through the client (nil when
	// the client offers no fs methods).
	Editor tools.Editor
}

// Opener opens a Workspace; the command layer implements it over an App.
type Opener func(ctx context.Context, o OpenOptions) (*Workspace, error)
