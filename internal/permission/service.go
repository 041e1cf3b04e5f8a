package permission

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/shell"
)

// Errors returned by Respond and SetMode.
var (
	// ErrNotPending is returned when answering a request that is not
	// waiting (already answered, withdrawn, or unknown): the first answer
	// wins.
	ErrNotPending = errors.New("no such pending permission request")
	// ErrInvalidAnswer is returned for an unknown Answer.
	ErrInvalidAnswer = errors.New("invalid permission answer")
)

// decisionDelivery bounds how long publishing a decision may wait for a
// slow subscriber.
const decisionDelivery = 5 * time.Second

// Config configures a Service.
type Config struct {
	// Rules are the merged mode and allow/deny rules (see MergeLayers).
	Rules
	// ProjectDir is the project root; path patterns are relative to it.
	ProjectDir string
	// NonInteractive denies at once, with a reason telling how to allow
	// it, whatever would otherwise ask a person (hone run).
	NonInteractive bool
	// Protected are more files or directories whose writes are sensitive
	// besides the project's config and instruction files (the user's
	// config directory, the data directory with the trust store).
	Protected []string
	// Sandbox says what the OS sandbox can do for commands here. It is
	// called once, at the first command decision, so that a run that
	// decides no command never probes the kernel; nil is NoSandbox.
	Sandbox func() SandboxSupport
}

// SandboxSupport is how well commands can be sandboxed on this machine.
type SandboxSupport int

// Sandbox support levels.
const (
	// NoSandbox: commands run unconfined; what is not read-only asks.
	NoSandbox SandboxSupport = iota
	// PartialSandbox: commands are confined, with gaps; the auto mode
	// asks like accept-edits.
	PartialSandbox
	// FullSandbox: everything the auto mode relies on is enforced.
	FullSandbox
)

// Service decides permission requests: deny rules, then the mode, then
// allow rules, then session grants, then a person is asked. It is safe
// for concurrent use.
type Service struct {
	projectDir     string
	nonInteractive bool
	protected      []string
	allowRules     []Rule
	denyRules      []Rule
	networkRules   []Rule
	sandbox        func() SandboxSupport // once; see Config.Sandbox
	requests       *pubsub.Broker[Request]
	decisions      *pubsub.Broker[Decision]
	hooks          hookHolder

	mu       sync.Mutex
	learned  []Rule // allow rules added by AllowAlways answers
	mode     Mode
	sessions map[string]*sessionState
	pending  map[string]*pending
	seq      uint64
}

// NewService builds a service from cfg. It fails on an unknown mode or a
// rule that does not parse; the error names the rule.
func NewService(cfg Config) (*Service, error) {
	mode, err := ParseMode(string(cfg.Mode))
	if err != nil {
		return nil, fmt.Errorf("permissions.mode: %w", err)
	}
	allowRules, err := ParseRules("permissions.allow", cfg.Allow)
	if err != nil {
		return nil, err
	}
	denyRules, err := ParseRules("permissions.deny", cfg.Deny)
	if err != nil {
		return nil, err
	}
	networkRules, err := ParseRules("permissions.network", cfg.Network)
	if err != nil {
		return nil, err
	}
	dir := cfg.ProjectDir
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return &Service{
		projectDir:     dir,
		nonInteractive: cfg.NonInteractive,
		protected:      realPaths(cfg.Protected),
		allowRules:     allowRules,
		denyRules:      denyRules,
		networkRules:   networkRules,
		sandbox:        sandboxOnce(cfg.Sandbox),
		requests:       pubsub.NewBroker[Request](),
		decisions:      pubsub.NewBroker[Decision](),
		mode:           mode,
		sessions:       map[string]*sessionState{},
		pending:        map[string]*pending{},
	}, nil
}

// Mode returns the current mode.
func (s *Service) Mode() Mode {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mode
}

// SetMode switches the mode for every session; requests already waiting
// for a person keep waiting.
func (s *Service) SetMode(m Mode) error {
	m, err := ParseMode(string(m))
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mode = m
	return nil
}

// Subscribe returns the requests waiting for a person, delivered with
// guaranteed delivery (each Ask waits until every subscriber took it).
// Front ends answer with Respond and learn of the outcome from
// SubscribeDecisions.
func (s *Service) Subscribe(ctx context.Context) <-chan pubsub.Event[Request] {
	return s.requests.Subscribe(ctx)
}

// SubscribeDecisions returns decisions (see Decision for which are
// published): hone run prints a line per denial, the TUI closes its
// dialog when a request it shows was settled elsewhere.
func (s *Service) SubscribeDecisions(ctx context.Context) <-chan pubsub.Event[Decision] {
	return s.decisions.Subscribe(ctx)
}

// Close ends every subscription. Requests still waiting stay blocked
// until their context ends.
func (s *Service) Close() {
	s.requests.Close()
	s.decisions.Close()
}

// Ask decides req, asking a person when nothing else does. It returns nil
// when the action may proceed, a *DeniedError when it may not, and the
// context's error when ctx ended first. Requests of one session are put
// to a person one at a time; the others wait their turn.
func (s *Service) Ask(ctx context.Context, req Request) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	an := analyze(req, s.projectDir)
	if r, ok := s.deniedByRule(req, an); ok {
		return s.deny(ctx, req, ByRule, "denied by rule "+r.String())
	}
	mode := s.Mode()
	req.Sensitive = s.sensitive(req)
	v, reason := mode.decide(req)
	hook := hookVerdict(ctx)
	switch {
	case v == deny:
		return s.deny(ctx, req, ByMode, reason)
	case req.Sensitive != "" && mode != ModeYolo:
		return s.askSensitive(ctx, req, an)
	case an != nil && len(an.Unchecked) > 0:
		// Only a person may allow what the guardrails cannot see.
	case hook == HookAsk && mode != ModeYolo:
		// A PreToolUse hook wants a person to decide.
	case v == allow || s.allowedIn(ctx, req, an) || hook == HookAllow:
		return nil
	}
	return s.askOrDeny(ctx, req, an)
}

// askOrDeny settles a request nothing allowed: a PermissionRequest hook,
// else a person, else (hone run) a denial.
func (s *Service) askOrDeny(ctx context.Context, req Request, an *shell.Analysis) error {
	if err, done := s.byHook(ctx, req); done {
		return err
	}
	if s.nonInteractive {
		return s.deny(ctx, req, ByNonInteractive, nonInteractiveReason(req, an, s.projectDir))
	}
	return s.askPerson(ctx, req, an)
}

// DenyReason returns why a deny rule refuses req, or "" when none does.
// Tools that let some calls through without asking (bash's read-only
// commands) call it so that deny rules still hold for those calls.
func (s *Service) DenyReason(req Request) string {
	if r, ok := s.deniedByRule(req, analyze(req, s.projectDir)); ok {
		return "denied by rule " + r.String()
	}
	return ""
}

// deny publishes a denial and returns it as an error.
func (s *Service) deny(ctx context.Context, req Request, by DecidedBy, reason string) error {
	s.publish(ctx, Decision{Request: req, Answer: Deny, By: by, Reason: reason})
	return &DeniedError{Tool: req.ToolName, Reason: reason}
}

// publish delivers a decision even when ctx was just cancelled (a
// withdrawn request must still close its dialog), bounded in time.
func (s *Service) publish(ctx context.Context, d Decision) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), decisionDelivery)
	defer cancel()
	_ = s.decisions.PublishWait(ctx, pubsub.Created, d)
}

// analyze parses a request's shell command, judged from the directory it
// runs in (req.WorkDir, else the project); nil when it has none.
func analyze(req Request, projectDir string) *shell.Analysis {
	if req.Command == "" {
		return nil
	}
	a := shell.Analyze(req.Command, shell.Where{Project: projectDir, Dir: req.WorkDir})
	return &a
}

// sandboxOnce makes probe's answer kept after its first call; a nil probe
// answers NoSandbox.
func sandboxOnce(probe func() SandboxSupport) func() SandboxSupport {
	if probe == nil {
		return func() SandboxSupport { return NoSandbox }
	}
	return sync.OnceValue(probe)
}
