package tui

import (
	"context"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// Backend is everything the TUI needs from the rest of Hone; internal/app
// adapts its services to it. The TUI calls these methods only from tea.Cmd
// goroutines (never from Update; WorkDir alone is read once by NewModel),
// so a method may block, and several may run at the same time:
// implementations must be safe for concurrent use. Errors are shown to the
// user as transient status messages.
type Backend interface {
	Agent
	PromptQueue
	Sessions
	Transcript
	Events
	Permissions
	Models
	Environment
	Setup
	Preferences
}

// Preferences saves what the user chose in the TUI to their own config.
type Preferences interface {
	// SaveTheme sets options.tui.theme in the user's global config.
	SaveTheme(ctx context.Context, name string) error
}

// Agent runs turns (internal/agent's Coordinator).
type Agent interface {
	// Run sends prompt to the session. When the session is idle it starts
	// a turn and may block until the turn ends; when it is busy the prompt
	// is queued (persisted as a queued user message, announced with
	// agent.EventQueueChanged) and Run returns at once. Either way the
	// prompt is stored as a user message (a pubsub.Created message event
	// whose text is prompt) early: the TUI waits for that event, or for Run
	// to return, before it sends the next prompt, so prompts typed in a row
	// reach the agent in order. The returned error says why no turn could
	// start; a turn's own failure arrives once, in the result of
	// agent.EventTurnFinished (cancellation is not an error).
	Run(ctx context.Context, sessionID, prompt string, attachments []Attachment) error
	// Retry asks the model again to answer the session's history as it is,
	// without a new prompt and ignoring cooldowns ("retry now" after a
	// failed turn); it blocks like Run and reports errors like Run.
	Retry(ctx context.Context, sessionID string) error
	// Cancel stops the running turn of the session (no-op when idle).
	Cancel(sessionID string)
	// Escalate moves the session's running turn (or its next one) to the
	// large model; false when routing is off (every step uses it).
	Escalate(sessionID string) bool
	// IsBusy reports whether the session has a running turn.
	IsBusy(sessionID string) bool
	// Summarize summarizes the session now with the small model; focus
	// ("" for none) is what the summary should keep in detail.
	Summarize(ctx context.Context, sessionID, focus string) error
	// UndoLastTurn restores the files changed by the session's last turn
	// that changed files (history.UndoLast).
	UndoLastTurn(ctx context.Context, sessionID string) (UndoResult, error)
}

// PromptQueue exposes the per-session queue of prompts sent while busy.
type PromptQueue interface {
	// Queue lists the session's queued prompts, oldest first.
	Queue(sessionID string) []agent.QueuedPrompt
	// RemoveQueued drops one queued prompt (by its message id) before it
	// is folded into a turn; it announces the new queue with
	// agent.EventQueueChanged. Removing an unknown id is not an error.
	RemoveQueued(ctx context.Context, sessionID, messageID string) error
}

// Sessions manages the sessions of the working directory's project.
type Sessions interface {
	// CreateSession starts an empty top-level session in the project.
	CreateSession(ctx context.Context) (session.Session, error)
	// GetSession returns a session by its full id.
	GetSession(ctx context.Context, id string) (session.Session, error)
	// ListSessions returns the project's top-level sessions, newest first.
	ListSessions(ctx context.Context) ([]session.Session, error)
	// LatestSession returns the project's newest top-level session; the
	// error wraps session.ErrNotFound (or any error) when there is none,
	// in which case the TUI starts a new session.
	LatestSession(ctx context.Context) (session.Session, error)
	RenameSession(ctx context.Context, id, title string) error
	// SetSessionModel records the model ("provider/model") chosen for a
	// role of the session, so that reopening it chooses it again.
	SetSessionModel(ctx context.Context, id string, role ModelRole, ref string) error
	// ExportSession writes the session as Markdown to file (relative to
	// the working directory; "" picks hone-<id prefix>.md), never
	// replacing a file, and returns the path written.
	ExportSession(ctx context.Context, id, file string) (string, error)
	// DeleteSession deletes a session and everything stored with it.
	DeleteSession(ctx context.Context, id string) error
}

// Transcript reads what happened in a session.
type Transcript interface {
	// MessagesTail returns the last n messages of the session in creation
	// order (including tool messages and queued prompts) and whether
	// older ones exist: a long session opens with its tail.
	MessagesTail(ctx context.Context, sessionID string, n int) ([]message.Message, bool, error)
	// MessagesBefore returns up to n messages created before the message
	// beforeID, in creation order, and whether still older ones exist.
	MessagesBefore(ctx context.Context, sessionID, beforeID string, n int) ([]message.Message, bool, error)
	// FileChanges returns, per path, the lines added and removed by the
	// session's tools (history.Changes), for the sidebar.
	FileChanges(ctx context.Context, sessionID string) ([]FileChange, error)
	// FileHistory returns every recorded version of the files the
	// session's tools changed: files in the order first changed, each
	// file's versions oldest first, with the diff from the one before.
	FileHistory(ctx context.Context, sessionID string) ([]FileVersion, error)
	// RestoreFile puts one file (path as FileHistory gave it) back to one
	// of its versions, leaving other files alone; deleted reports that
	// the version was "did not exist".
	RestoreFile(ctx context.Context, sessionID, path string, version int64) (deleted bool, err error)
}

// Events are the broker subscriptions the bridge goroutine forwards into
// the program. Each channel must close when ctx ends. Message, session and
// agent events may be lossy (each carries the full current value); the
// permission subscription must not drop requests. Published values are
// read on the TUI's goroutine: a published message must not share its
// Parts slice with one the publisher keeps changing (copy it).
type Events interface {
	SubscribeMessages(ctx context.Context) <-chan pubsub.Event[message.Message]
	SubscribeSessions(ctx context.Context) <-chan pubsub.Event[session.Session]
	SubscribeAgent(ctx context.Context) <-chan pubsub.Event[agent.Event]
	// SubscribePermissions delivers pending requests as pubsub.Created and
	// withdrawn or answered ones (turn cancelled, answered elsewhere) as
	// pubsub.Deleted, so an open dialog for them closes.
	SubscribePermissions(ctx context.Context) <-chan pubsub.Event[permission.Request]
}

// Permissions answers requests and switches the permission mode.
type Permissions interface {
	// RespondPermission answers a pending request; feedback (deny only)
	// is passed to the model.
	RespondPermission(requestID string, answer permission.Answer, feedback string) error
	// PermissionMode returns the current mode: one of Modes().
	PermissionMode() string
	// SetPermissionMode switches the mode for this process.
	SetPermissionMode(mode string) error
}

// Modes returns the permission modes in the order Shift+Tab cycles them.
func Modes() []string { return []string{"default", "accept-edits", "auto", "plan", "yolo"} }

// Models lists the usable models and switches the roles' first candidate.
type Models interface {
	// ModelState returns the current large and small models and every
	// model of a usable (configured, key present) provider.
	ModelState(ctx context.Context) (ModelState, error)
	// SetModel makes ref ("provider/model") the first candidate of the
	// role for this process.
	SetModel(ctx context.Context, role ModelRole, ref string) error
}

// Environment describes where Hone runs.
type Environment interface {
	// WorkDir is the project directory (absolute).
	WorkDir() string
	// Servers reports the MCP and LSP servers and their state.
	Servers(ctx context.Context) []ServerStatus
}

// Setup drives the first-run onboarding screen.
type Setup interface {
	// SetupStatus reports whether a usable provider exists and lists the
	// supported providers with what each needs.
	SetupStatus(ctx context.Context) (SetupStatus, error)
	// DetectOllama probes a local Ollama (OLLAMA_HOST or the default
	// address) and lists its models; Found is false when none answers.
	DetectOllama(ctx context.Context) (OllamaInfo, error)
	// SaveSetup writes the selection into the global config file (the key
	// only as a "$ENV_VAR" reference, never its value; a pasted key goes
	// to the 0600 secrets file the reference resolves from) and reloads
	// the configuration so that ModelState and Run use it at once.
	SaveSetup(ctx context.Context, sel ProviderSelection) error
}
