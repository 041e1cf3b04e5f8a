package agent

import (
	"context"
	"log/slog"
	"time"

	"github.com/honecode/hone/internal/hooks"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// MessageStore is what the agent needs of the message service.
// Update with message.StatusStreaming may be coalesced; any other status
// must be written at once.
type MessageStore interface {
	Create(ctx context.Context, m message.Message) (message.Message, error)
	// CreateWith is Create with more writes in the same transaction.
	CreateWith(ctx context.Context, m message.Message, also ...message.Also) (message.Message, error)
	Update(ctx context.Context, m message.Message) error
	Delete(ctx context.Context, id string) error
	List(ctx context.Context, sessionID string) ([]message.Message, error)
	// ListSince returns the session's messages from the message fromID
	// (the latest summary) onward; all of them when fromID is "" or
	// unknown. Resuming reads only these.
	ListSince(ctx context.Context, sessionID, fromID string) ([]message.Message, error)
	// ListQueued returns the session's queued prompts, oldest first,
	// whichever process queued them.
	ListQueued(ctx context.Context, sessionID string) ([]message.Message, error)
}

// SessionStore is what the agent needs of the session service.
type SessionStore interface {
	Get(ctx context.Context, id string) (session.Session, error)
	SetTitle(ctx context.Context, id, title string) error
	SetSummary(ctx context.Context, id, messageID string) error
	AddUsage(ctx context.Context, id string, u llm.Usage, cost float64, contextTokens int64) error
	AddTurn(ctx context.Context, t session.Turn) (session.Turn, error)
	// AddStep is AddUsage (of t's tokens and cost, skipped when all are
	// zero) and AddTurn(t) in one write.
	AddStep(ctx context.Context, t session.Turn, contextTokens int64) (session.Turn, error)
}

// finalWriter and stepStore are what the message and session stores
// offer, where SQLite backs both (message.Service, session.Service), to
// store a step's final message with its usage and trace row in one
// transaction. Stores without them (the in-memory ones of tests) get the
// message's Update and then AddStep.
type finalWriter interface {
	UpdateWith(ctx context.Context, m message.Message, also ...message.Also) error
}

type stepStore interface {
	BeginStep(t session.Turn, contextTokens int64) *session.StepWrite
}

// ChildSessions creates the child session of a sub-agent.
type ChildSessions interface {
	CreateChild(ctx context.Context, parentID, parentCallID, projectDir, title string) (session.Session, error)
}

// Toolset offers tools to the model and runs their calls (the tool
// registry). Run validates arguments, asks permission and never panics;
// failures come back as error results.
type Toolset interface {
	// Manifest returns the definitions offered to the model in mode.
	Manifest(mode permission.Mode) []llm.ToolDef
	Run(ctx context.Context, call tools.Call) tools.Result
	// Policy returns the permission class of the tool called name (""
	// when unknown): read-only calls may run in parallel with each other,
	// and the calls of write tools tell whether a turn changed anything.
	Policy(name string) tools.Policy
}

// Leases lets one process at a time run turns of a session
// (session.Leases): a second process queues its prompt into the running
// turn through the store, or says who holds the session.
type Leases interface {
	// Acquire takes the session's lease; a *session.HeldError names the
	// live process holding it.
	Acquire(ctx context.Context, sessionID string) (*session.Lease, error)
	// QueueState tells whether a prompt queued while another process held
	// the lease was taken, will be, or has no one to take it.
	QueueState(ctx context.Context, sessionID, messageID string) (session.QueueState, session.Holder, error)
	// TTL is how long a lease lives without a heartbeat.
	TTL() time.Duration
}

// Modes reports the permission mode in force (the permission service).
// The Coordinator reads it before every step: the tools offered and the
// system prompt follow it.
type Modes interface {
	Mode() permission.Mode
}

// OperationLog records the operations of turns besides model steps (tool
// calls), for the operation tree of `hone sessions show --tree`.
type OperationLog interface {
	AddOperation(ctx context.Context, op session.Operation) error
	// OperationWrite is the write of ops for MessageStore.CreateWith.
	OperationWrite(ops ...session.Operation) message.Also
}

// HookRunner runs the user's hooks at agent events (hooks.Runner).
type HookRunner interface {
	// Has reports whether any hook is configured for ev.
	Has(ev hooks.Event) bool
	// Run runs the matching hooks and composes their answers.
	Run(ctx context.Context, in hooks.Input) hooks.Outcome
}

// SubAgent is a custom sub-agent as the app built it from its
// definition: its instructions, its own tools and its model.
type SubAgent struct {
	Prompt string
	Tools  Toolset
	// Model is "", "inherit", "large", "small", a Claude Code alias
	// (sonnet, opus: large; haiku: small) or provider/model of a
	// configured candidate.
	Model string
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
	// Modes is the permission mode's source; nil means always default.
	Modes Modes
	// Leases, when set, keep turns of a session in one process at a time;
	// nil leaves sessions unlocked across processes.
	Leases Leases
	// Operations, when set, records every tool call (nil: none).
	Operations OperationLog
	// Hooks run the user's hooks at agent events; nil runs none.
	Hooks HookRunner
	// SubAgents are the custom sub-agents by name (RunNamedSubAgent).
	SubAgents map[string]SubAgent
	// Logger defaults to a discarding logger.
	Logger *slog.Logger
	// Warm, when set, runs once on a goroutine of its own as the first
	// model call starts: the store prepares the statements that the end of
	// a step and of a turn run, while the connection idles until the
	// model's first byte.
	Warm func(ctx context.Context)
}
