package run

import (
	"context"
	"io"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// Agent is what run needs of the agent Coordinator.
type Agent interface {
	RunWith(ctx context.Context, sessionID, prompt string, attachments []llm.Part, opts agent.RunOptions) (*agent.Result, error)
	Subscribe(ctx context.Context) <-chan pubsub.Event[agent.Event]
}

// Sessions finds or creates the session to run in.
type Sessions interface {
	Create(ctx context.Context, projectDir string) (session.Session, error)
	Resolve(ctx context.Context, idOrPrefix string) (session.Session, error)
	Latest(ctx context.Context, projectDir string) (session.Session, error)
}

// Deps are the services Execute uses.
type Deps struct {
	Agent    Agent
	Sessions Sessions
}

// IO are the streams Execute writes to.
type IO struct {
	Out io.Writer // the answer
	Err io.Writer // activity, notes
}

// Format selects the output format.
type Format string

// Output formats.
const (
	FormatText       Format = "text"
	FormatJSON       Format = "json"
	FormatStreamJSON Format = "stream-json"
)

// Options are the `hone run` settings the command layer gathered.
type Options struct {
	// Prompt is the full prompt (stdin already prepended; see Prompt).
	Prompt      string
	Attachments []llm.Part
	// ProjectDir is where new sessions belong and which -C continues.
	ProjectDir string
	// SessionID (full id or unique prefix) resumes that session.
	SessionID string
	// Continue resumes the project's latest session (a new one when there
	// is none).
	Continue bool
	Format   Format
	// Quiet leaves tool activity, failovers and notes off stderr.
	Quiet    bool
	MaxSteps int
	// MaxCost in USD; 0 means no limit.
	MaxCost float64
}
