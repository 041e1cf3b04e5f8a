package tools

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/honecode/hone/internal/artifact"
	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/procgroup"
	"github.com/honecode/hone/internal/sandbox"
)

// Env is the one environment every built-in tool receives. Optional fields
// may be nil; tools check before use.
type Env struct {
	// WorkDir is the project directory: relative paths resolve against it
	// and it is the confinement root.
	WorkDir string
	// Perms is asked before any action the tool's policy requires.
	Perms Asker
	// Files records reads and stores file versions (required by the file
	// tools; a nil Files disables read-before-edit tracking).
	Files FileTracker
	// Watcher is told about opened and changed files (language servers)
	// and returns diagnostics to append to a change's result.
	Watcher FileWatcher
	// Todos stores a session's todo list.
	Todos TodoStore
	// SubAgent runs the read-only sub-agent for the agent tool.
	SubAgent SubAgentRunner
	Logger   *slog.Logger
	// HTTPClient is used by fetch and download (nil: a default client).
	HTTPClient *http.Client
	// FetchBaseURL, when set, routes https://HOST/PATH to
	// FetchBaseURL+"HOST/PATH" (replay tests; HONE_FETCH_BASE_URL).
	FetchBaseURL string
	// WebSearch answers web_search (nil: the tool is not offered).
	WebSearch WebSearcher
	// Sourcegraph is the instance the sourcegraph tool searches ("":
	// https://sourcegraph.com) and SourcegraphToken its access token.
	Sourcegraph      string
	SourcegraphToken string
	// ShellEnvAllow lists environment variable names (or NAME_* prefixes)
	// that commands get in addition to the allowlist of internal/sandbox.
	ShellEnvAllow []string
	// Launcher starts commands so that they die with Hone (nil: directly).
	Launcher *procgroup.Launcher
	// Sandbox is what command sandboxes are built from (its TempDir and
	// Env are set per command); nil runs every command unconfined.
	Sandbox *sandbox.Settings
	// Jobs keeps each session's shell working directory and background
	// jobs (nil: every bash call starts in WorkDir and run_in_background
	// is unavailable). The app closes it at exit, which kills the jobs.
	Jobs *JobManager
	// Artifacts keeps the whole output of results cut for the model, per
	// session (nil: cut output is lost, as the note says).
	Artifacts *artifact.Store
	// Editor, when set, reads and writes text files through the editor
	// the front end runs in (nil: the disk only).
	Editor Editor
	// Skills are the skills the model may load with the skill tool (none:
	// the tool is not offered).
	Skills []extend.Skill
	// SkillDirs are the folders of the loaded skills, symbolic links
	// resolved: the read tools read in them without asking.
	SkillDirs []string
	// SubAgents are the custom sub-agents the agent tool offers as
	// subagent_type; SubAgent must then be a NamedSubAgentRunner.
	SubAgents []SubAgentInfo
}

// SubAgentInfo names a custom sub-agent and says when to use it.
type SubAgentInfo struct {
	Name        string
	Description string
}

// NamedSubAgentRunner runs a custom sub-agent by name in a child session
// of parentSessionID, with only that sub-agent's tools and model.
type NamedSubAgentRunner interface {
	RunNamedSubAgent(ctx context.Context, parentSessionID, callID, name, prompt string) (string, error)
}

// Asker asks whether an action may proceed; nil error means allowed, a
// *permission.DeniedError means denied.
type Asker interface {
	Ask(ctx context.Context, req permission.Request) error
}

// ReadRecord is what a session saw of a file when it last read it.
type ReadRecord struct {
	Path    string
	ModTime int64 // unix nanoseconds
	Size    int64
}

// FileChange is one change to a file made by a tool. Before is nil when the
// file did not exist.
type FileChange struct {
	SessionID string
	MessageID string
	Path      string
	Before    []byte
	After     []byte
}

// FileTracker records reads and file versions for a session.
type FileTracker interface {
	RecordRead(ctx context.Context, sessionID string, rec ReadRecord) error
	LastRead(ctx context.Context, sessionID, path string) (ReadRecord, bool, error)
	SaveChange(ctx context.Context, ch FileChange) error
}

// FileWatcher follows files the tools open and change.
type FileWatcher interface {
	Opened(ctx context.Context, path string)
	// Changed reports a changed file and returns diagnostics text to
	// append to the tool result ("" for none).
	Changed(ctx context.Context, path string) string
}

// Todo is one item of a session's todo list.
type Todo struct {
	Content    string `json:"content"`
	Status     string `json:"status"` // pending | in_progress | completed
	ActiveForm string `json:"active_form,omitempty"`
}

// TodoStore replaces a session's todo list.
type TodoStore interface {
	SetTodos(ctx context.Context, sessionID string, todos []Todo) error
}

// SubAgentRunner runs a read-only sub-agent in a child session of
// parentSessionID and returns its final text.
type SubAgentRunner interface {
	RunSubAgent(ctx context.Context, parentSessionID, callID, prompt string) (string, error)
}
