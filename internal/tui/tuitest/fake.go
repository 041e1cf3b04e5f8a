package tuitest

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui"
)

// ErrNotFound is returned for unknown sessions.
var ErrNotFound = errors.New("not found")

// Response is a recorded permission answer.
type Response struct {
	RequestID string
	Answer    permission.Answer
	Feedback  string
}

// RunCall is a recorded Agent.Run call.
type RunCall struct {
	SessionID   string
	Prompt      string
	Attachments []tui.Attachment
	Queued      bool
	// Retry marks a Retry call (no prompt).
	Retry bool
}

// Fake is an in-memory tui.Backend. Configure its exported fields before
// use; turns come from Script, in order, and a Run beyond the script
// answers "ok".
type Fake struct {
	// Dir is the working directory (default "/project").
	Dir        string
	Setup      tui.SetupStatus
	Ollama     tui.OllamaInfo
	Model      tui.ModelState
	ServerList []tui.ServerStatus
	// Delta is the pause between streamed deltas (default none).
	Delta time.Duration

	mu        sync.Mutex
	script    []Turn
	sessions  map[string]session.Session
	messages  map[string][]message.Message
	queue     map[string][]agent.QueuedPrompt
	running   map[string]context.CancelFunc
	answers   map[string]chan Response
	files     map[string][]tui.FileChange
	mode      string
	runs      []RunCall
	responses []Response
	saved     []tui.ProviderSelection
	focuses   []string // of Summarize calls
	themes    []string // of SaveTheme calls
	history   map[string][]tui.FileVersion
	restored  []string
	seq       int
	escalated []string
	routing   bool

	msgB   *pubsub.Broker[message.Message]
	sessB  *pubsub.Broker[session.Session]
	agentB *pubsub.Broker[agent.Event]
	permB  *pubsub.Broker[permission.Request]
}

// NewFake returns a ready fake backend with the scripted turns.
func NewFake(turns ...Turn) *Fake {
	return &Fake{
		Dir:      "/project",
		Setup:    tui.SetupStatus{Ready: true},
		Model:    tui.ModelState{Large: "fake/large", Small: "fake/small", LargeContextWindow: 200000, Choices: []tui.ModelChoice{{Ref: "fake/large"}, {Ref: "fake/small"}}},
		script:   turns,
		sessions: map[string]session.Session{},
		messages: map[string][]message.Message{},
		queue:    map[string][]agent.QueuedPrompt{},
		running:  map[string]context.CancelFunc{},
		answers:  map[string]chan Response{},
		files:    map[string][]tui.FileChange{},
		mode:     "default",
		msgB:     pubsub.NewBroker[message.Message](),
		sessB:    pubsub.NewBroker[session.Session](),
		agentB:   pubsub.NewBroker[agent.Event](),
		permB:    pubsub.NewBroker[permission.Request](),
	}
}

// Script appends turns to the script.
func (f *Fake) Script(turns ...Turn) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.script = append(f.script, turns...)
}

// Runs returns the recorded Run calls.
func (f *Fake) Runs() []RunCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]RunCall(nil), f.runs...)
}

// Responses returns the recorded permission answers.
func (f *Fake) Responses() []Response {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Response(nil), f.responses...)
}

// Saved returns the onboarding selections written.
func (f *Fake) Saved() []tui.ProviderSelection {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]tui.ProviderSelection(nil), f.saved...)
}

// StoredMessages returns a session's messages.
func (f *Fake) StoredMessages(sessionID string) []message.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]message.Message(nil), f.messages[sessionID]...)
}

// AddSession stores a session with messages (for resume tests).
func (f *Fake) AddSession(s session.Session, msgs ...message.Message) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s.ProjectDir == "" {
		s.ProjectDir = f.Dir
	}
	f.sessions[s.ID] = s
	f.messages[s.ID] = append(f.messages[s.ID], msgs...)
}

// SetFileChanges sets what FileChanges reports for a session.
func (f *Fake) SetFileChanges(sessionID string, ch []tui.FileChange) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.files[sessionID] = ch
}

func (f *Fake) nextID(prefix string) string {
	f.seq++
	return fmt.Sprintf("%s-%04d", prefix, f.seq)
}

// now is a logical clock in unix ms: strictly increasing, so that every
// update of a message is newer than the last.
func (f *Fake) now() int64 {
	f.seq++
	return 1_700_000_000_000 + int64(f.seq)
}

// WorkDir implements tui.Environment.
func (f *Fake) WorkDir() string { return f.Dir }

// Servers implements tui.Environment.
func (f *Fake) Servers(context.Context) []tui.ServerStatus { return f.ServerList }

// ModelState implements tui.Models.
func (f *Fake) ModelState(context.Context) (tui.ModelState, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.Model, nil
}

// SetModel implements tui.Models.
func (f *Fake) SetModel(_ context.Context, role tui.ModelRole, ref string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if role == tui.RoleSmall {
		f.Model.Small = ref
	} else {
		f.Model.Large = ref
	}
	return nil
}

// SetupStatus implements tui.Setup.
func (f *Fake) SetupStatus(context.Context) (tui.SetupStatus, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.Setup, nil
}

// DetectOllama implements tui.Setup.
func (f *Fake) DetectOllama(context.Context) (tui.OllamaInfo, error) { return f.Ollama, nil }

// SaveSetup implements tui.Setup; the fake becomes ready.
func (f *Fake) SaveSetup(_ context.Context, sel tui.ProviderSelection) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.saved = append(f.saved, sel)
	f.Setup.Ready = true
	f.Model.Large = sel.Provider + "/" + sel.Large
	return nil
}

// PermissionMode implements tui.Permissions.
func (f *Fake) PermissionMode() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.mode
}

// SetPermissionMode implements tui.Permissions.
func (f *Fake) SetPermissionMode(mode string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mode = mode
	return nil
}

// RespondPermission implements tui.Permissions.
func (f *Fake) RespondPermission(id string, a permission.Answer, feedback string) error {
	f.mu.Lock()
	ch, ok := f.answers[id]
	delete(f.answers, id)
	r := Response{RequestID: id, Answer: a, Feedback: feedback}
	f.responses = append(f.responses, r)
	f.mu.Unlock()
	if !ok {
		return fmt.Errorf("permission request %s: %w", id, ErrNotFound)
	}
	ch <- r
	return nil
}

func sortedSessions(m map[string]session.Session) []session.Session {
	out := make([]session.Session, 0, len(m))
	for _, s := range m {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].UpdatedAt != out[j].UpdatedAt {
			return out[i].UpdatedAt > out[j].UpdatedAt
		}
		return out[i].ID > out[j].ID
	})
	return out
}
