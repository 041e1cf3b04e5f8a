package agent

import (
	"context"
	"log/slog"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// MessageStore is what the agent needs of the message service.
// Update with message.StatusStreaming may be coalesced; any other status
// must be written at once.
type MessageStore interface {
	Create(ctx context.Context, m message.Message) (message.Message, error)
	Update(ctx context.Context, m message.Message) error
	Delete(ctx context.Context, id string) error
	List(ctx context.Context, sessionID string) ([]message.Message, error)
}

// SessionStore is what the agent needs of the session service.
type SessionStore interface {
	Get(ctx context.Context, id string) (session.Session, error)
	SetTitle(ctx context.Context, id, title string) error
	SetSummary(ctx context.Context, id, messageID string) error
	AddUsage(ctx context.Context, id string, u llm.Usage, cost float64, contextTokens int64) error
	AddTurn(ctx context.Context, t session.Turn) (session.Turn, error)
}

// ChildSessions creates the child session of a sub-agent.
type ChildSessions interface {
	CreateChild(ctx context.Context, parentID, parentCallID, projectDir, title string) (session.Session, error)
}

// Toolset offers tools to the model and runs their calls (the tool
// registry). Run validates arguments, asks permission and never panics;
// failures come back as error results.
type Toolset interface {
	Definitions() []llm.ToolDef
	Run(ctx context.Context, call tools.Call) tools.Result
	// ReadOnly reports whether calls of the tool may run in parallel with
	// other read-only calls.
	ReadOnly(name string) bool
}

// Deps are the services a Coordinator uses.
type Deps struct {
	Messages MessageStore
	Sessions SessionStore
	// Children and SubAgentTools (the read-only subset: view, glob, grep,
	// ls) enable RunSubAgent; nil disables it.
	Children      ChildSessions
	Tools         Toolset
	SubAgentTools Toolset
	// Logger defaults to a discarding logger.
	Logger *slog.Logger
}
