package agent

import (
	"context"
	"runtime"
	"time"

	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/llm"
)

// Candidate is one model the Coordinator may use for a role. The app
// builds it from config and the catalog.
type Candidate struct {
	// Provider is the provider's name in config ("work"), Model the
	// provider's model id ("claude-sonnet-4-6").
	Provider string
	Model    string
	// Client streams from the provider; the app wraps it in llm.WithRetry,
	// so an error that reaches the agent has outlasted the retries.
	Client llm.Provider
	Spec   ModelSpec
	// Options are the call options already merged: catalog defaults →
	// provider → model entry.
	Options CallOptions
}

// Name is "provider/model", the form users write in config.
func (c Candidate) Name() string { return c.Provider + "/" + c.Model }

// ModelSpec is what the catalog knows about a model.
type ModelSpec struct {
	// ContextWindow in tokens; 0 means unknown (no auto-summarize).
	ContextWindow int
	// MaxOutputTokens is the default max_tokens; 0 leaves it to the
	// adapter.
	MaxOutputTokens int
	// Images is set when the model accepts image input; otherwise image
	// parts are replaced by a note before the request.
	Images    bool
	Reasoning bool
	// Prices in USD per million tokens.
	PriceIn         float64
	PriceOut        float64
	PriceCacheRead  float64
	PriceCacheWrite float64
}

// Cost is the price of u in USD.
func (s ModelSpec) Cost(u llm.Usage) float64 {
	return (float64(u.Input)*s.PriceIn + float64(u.Output)*s.PriceOut +
		float64(u.CacheRead)*s.PriceCacheRead + float64(u.CacheWrite)*s.PriceCacheWrite) / 1e6
}

// CallOptions are the per-candidate request options.
type CallOptions struct {
	MaxTokens       int
	Temperature     *float64
	TopP            *float64
	ReasoningEffort string
	ProviderOptions map[string]any
	Headers         map[string]string
}

// Config configures a Coordinator. Zero values take the documented
// defaults.
type Config struct {
	// Large are the candidates for turns, Small for titles and summaries
	// (Large when empty), each in order of preference.
	Large []Candidate
	Small []Candidate
	// Routing configures escalation from fast to large candidates and
	// the plan-mode candidates (off by default).
	Routing Routing
	// WorkDir is the project directory: the system prompt describes it and
	// memory files are read from it.
	WorkDir string
	// MaxSteps bounds the model steps of one turn (default 100).
	MaxSteps int
	// Cooldowns override DefaultCooldowns by error kind.
	Cooldowns            map[llm.ErrorKind]time.Duration
	DisableAutoSummarize bool
	DisableTitles        bool
	// ContextPaths are extra memory files or directories (relative to
	// WorkDir or absolute) added to the system prompt. Those inside the
	// project are read only where their symbolic links stay inside it.
	ContextPaths []string
	// ProjectDir is the project root (the git root, default WorkDir):
	// instruction files and context paths inside it may not resolve to a
	// place outside it.
	ProjectDir string
	// GlobalInstructions is the user's own instruction file (in the
	// user's config directory), read first and from wherever it points.
	GlobalInstructions string
	// Now is the clock (default time.Now); tests fix it.
	Now func() time.Time
	// UpdateInterval is how often a streaming assistant message is written
	// (coalesced by the store) and published; default 25ms, negative means
	// on every delta.
	UpdateInterval time.Duration
	// TitleTimeout bounds a title request (default 20s).
	TitleTimeout time.Duration
	// LoopWindow and LoopRepeats configure the loop guard: a turn stops
	// when one tool call with the same arguments and the same result
	// occurs LoopRepeats times among the last LoopWindow calls (defaults 10
	// and 3).
	LoopWindow  int
	LoopRepeats int
	// MemoryLimit caps the bytes of memory files put in the system prompt
	// (default 64 KiB; each file at most half of it).
	MemoryLimit int
	// Platform names the OS in the system prompt (default runtime.GOOS).
	Platform string
	// DisableGit leaves git branch and status out of the system prompt.
	DisableGit bool
	// MaxOutput bounds the bytes of text, reasoning and tool-call
	// arguments one model response may stream (default
	// llm.DefaultMaxOutput, 4 MiB; negative: no limit). A response that
	// passes it is cut there and the turn ends with ExitOutputTooLarge, so
	// a runaway model costs bounded memory.
	MaxOutput int
	// Instructions, when set, returns extra text for the system prompt of
	// main turns, read at the start of each turn (MCP servers' own
	// instructions, which arrive as servers connect).
	Instructions func() string
	// Extensions are the skills, custom commands and sub-agents found
	// on disk (nil: none): skills are listed in the system prompt when
	// the skill tool is offered, and a prompt /name runs a command or a
	// user-invocable skill.
	Extensions *extend.Set
	// SystemPrompt, when set, replaces the main agent's role prompt;
	// AppendSystemPrompt is added after it.
	SystemPrompt       string
	AppendSystemPrompt string
	// Git runs git with args in dir and returns its stdout, for the
	// system prompt's git status; nil runs git directly. The app runs it
	// in a read-only sandbox: a repository's config can make git run
	// programs (core.fsmonitor, filters).
	Git func(ctx context.Context, dir string, args ...string) ([]byte, error)
	// GitAhead is the repository summary of WorkDir begun before the
	// Coordinator (StartGitSummary with Git). The first turn takes it
	// instead of running git, however old it is, so give it only when
	// that turn follows at once.
	GitAhead <-chan string
}

// RunOptions limit one Run.
type RunOptions struct {
	// MaxSteps overrides Config.MaxSteps when positive.
	MaxSteps int
	// MaxCost (USD) stops the turn before a step whose estimated cost
	// would make the turn's cost exceed it; 0 means no limit.
	MaxCost float64
}

// DefaultCooldowns returns how long a candidate rests after an error of
// each kind outlasted its retries. Kinds without an entry (bad_request,
// context_overflow, canceled) put no cooldown on the candidate.
func DefaultCooldowns() map[llm.ErrorKind]time.Duration {
	return map[llm.ErrorKind]time.Duration{
		llm.KindRateLimit:  60 * time.Second,
		llm.KindOverloaded: 30 * time.Second,
		llm.KindServer:     30 * time.Second,
		llm.KindTimeout:    30 * time.Second,
		llm.KindUnknown:    15 * time.Second,
		llm.KindAuth:       5 * time.Minute,
		llm.KindBilling:    5 * time.Minute,
	}
}

func (c Config) withDefaults() Config {
	if c.MaxSteps <= 0 {
		c.MaxSteps = 100
	}
	cd := DefaultCooldowns()
	for k, v := range c.Cooldowns {
		cd[k] = v
	}
	c.Cooldowns = cd
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.UpdateInterval == 0 {
		c.UpdateInterval = 25 * time.Millisecond
	}
	if c.TitleTimeout <= 0 {
		c.TitleTimeout = 20 * time.Second
	}
	if c.LoopWindow <= 0 {
		c.LoopWindow = 10
	}
	if c.LoopRepeats <= 0 {
		c.LoopRepeats = 3
	}
	if c.MaxOutput == 0 {
		c.MaxOutput = llm.DefaultMaxOutput
	}
	if c.MemoryLimit <= 0 {
		c.MemoryLimit = 64 << 10
	}
	if c.Platform == "" {
		c.Platform = runtime.GOOS
	}
	if len(c.Small) == 0 {
		c.Small = c.Large
	}
	c.Routing = c.Routing.withDefaults()
	return c
}
