package agent

import (
	"context"
	"fmt"
	"sync"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/session"
)

// turnSpec says what kind of turn runs: the main agent's or a sub-agent's.
type turnSpec struct {
	tools    Toolset
	prompt   promptKind
	maxSteps int
	maxCost  float64
	// queue folds the session's queued prompts into the turn.
	queue bool
	// titles starts a title for a session's first prompt.
	titles bool
	// escalated starts the turn on the large candidates (a sub-agent of
	// an escalated turn).
	escalated bool
	// role replaces the role prompt (a custom sub-agent's instructions);
	// agentType names that sub-agent (SubagentStop hooks).
	role      string
	agentType string
	// models replace the large candidates (a custom sub-agent's or
	// command's model).
	models []Candidate
	// allow are a custom command's allowed-tools, as allow rules for the
	// turn's tool calls.
	allow []permission.Rule
}

// turn is one running turn of a session (the SessionAgent): it keeps the
// working history in memory so a step costs no re-read of the store.
type turn struct {
	c         *Coordinator
	spec      turnSpec
	sessionID string
	sess      session.Session
	// store is the context for persistence: it outlives a cancel so the
	// record of a cancelled turn is completed.
	store context.Context

	hist        []message.Message // since the last summary
	view        []llm.Message     // hist as sent to a model
	callIDs     map[string]bool   // tool-call ids in hist
	hasImages   bool
	imagesNoted bool
	// windowNoted: the person was told that older messages were left
	// out of a request to fit the model's window.
	windowNoted bool
	system      []string
	defs        []llm.ToolDef
	mode        permission.Mode // the mode defs and system were built for
	// git waits for the repository summary begun with the turn.
	git func() string

	steps   int // steps since the last prompt folded at the end of an answer
	ctxTok  int64
	pending int64 // estimated tokens added since the last step's usage
	// writeMu guards unstored, the tool messages kept until the next
	// request is built (storeToolMessage), and writing, closed once those
	// are stored (startToolWrite, awaitToolWrite).
	writeMu  sync.Mutex
	unstored []unstoredTool
	writing  chan struct{}
	lastOut  int64
	guard    *loopGuard
	route    routeState
	// stepSwitch is the model switch before the current step, if any.
	stepSwitch *ModelSwitch
	lastDeny   bool
	// writes counts the calls of write tools that ran, writesDenied
	// those of them the permission service refused.
	writes, writesDenied int

	first           bool // the session had no prompt before this turn
	justSummarized  bool
	summaryFailed   bool
	summaryFocus    string // what a /compact asked the summary to keep
	overflowRetried bool

	// stopContinues counts the times Stop hooks kept the turn going.
	stopContinues int

	mu  sync.Mutex // guards res (sub-agents add their usage) and halted
	res Result
	// halted is set when a hook answered continue: false.
	halted     bool
	haltReason string
}

func (c *Coordinator) newTurn(ctx context.Context, sessionID string, spec turnSpec) *turn {
	return &turn{
		c:         c,
		spec:      spec,
		sessionID: sessionID,
		store:     context.WithoutCancel(ctx),
		guard:     newLoopGuard(c.cfg.LoopWindow, c.cfg.LoopRepeats),
		res:       Result{SessionID: sessionID},
	}
}

// begin loads and repairs the session's history, folds prompts left
// queued, stores the new user message (none for a retry: parts empty)
// and prepares the request pieces.
func (t *turn) begin(ctx context.Context, parts []llm.Part) error {
	t.startGit(ctx)
	if err := t.load(ctx); err != nil {
		return err
	}
	if t.spec.tools == nil {
		return fmt.Errorf("run session %s: %w", t.sessionID, ErrNoTools)
	}
	switch {
	case len(parts) > 0:
		if err := t.addUser(ctx, parts); err != nil {
			return err
		}
	case !hasUserMessage(t.hist):
		return fmt.Errorf("retry session %s: %w", t.sessionID, ErrNothingToRetry)
	}
	t.applyMode(ctx, true)
	// The stored count is the last step's; a history loaded whole may be
	// larger (an old or imported session), and then the estimate rules.
	t.ctxTok = max(t.sess.ContextTokens, estimateView(t.system, t.view))
	if t.first && len(parts) > 0 && t.spec.titles && t.sess.Title == "" && t.sess.ParentSessionID == "" {
		t.c.startTitle(ctx, t.sessionID, llm.JoinText(parts))
	}
	return nil
}

// load reads the session and its history since the last summary, repairs
// what a cancel or crash left behind and folds stored queued prompts.
func (t *turn) load(ctx context.Context) error {
	sess, err := t.c.deps.Sessions.Get(t.store, t.sessionID)
	if err != nil {
		return fmt.Errorf("load session %s: %w", t.sessionID, err)
	}
	t.sess = sess
	msgs, err := t.c.deps.Messages.ListSince(t.store, t.sessionID, sess.SummaryMessageID)
	if err != nil {
		return fmt.Errorf("load messages of %s: %w", t.sessionID, err)
	}
	rep := planRepair(sinceSummary(msgs, sess.SummaryMessageID), t.c.cfg.Now().UnixMilli())
	hist, err := t.c.applyRepair(t.store, rep)
	if err != nil {
		return err
	}
	t.first = !hasUserMessage(hist) && sess.SummaryMessageID == ""
	for _, m := range hist {
		t.appendHist(m)
	}
	if len(rep.queued) > 0 && t.spec.queue {
		ids := make(map[string]bool, len(rep.queued))
		for _, m := range rep.queued {
			ids[m.ID] = true
		}
		t.c.forgetQueued(t.sessionID, ids)
		if err := t.fold(ctx, rep.queued); err != nil {
			return err
		}
		t.c.publishQueue(ctx, t.sessionID)
	}
	return nil
}

// addUser stores a user message and adds it to the history.
func (t *turn) addUser(ctx context.Context, parts []llm.Part) error {
	t.awaitToolWrite()
	m, err := t.c.deps.Messages.Create(t.store, message.Message{
		SessionID: t.sessionID,
		Role:      llm.RoleUser,
		Parts:     parts,
		Status:    message.StatusDone,
		CreatedAt: t.c.cfg.Now().UnixMilli(),
	})
	if err != nil {
		return fmt.Errorf("store prompt: %w", err)
	}
	t.appendHist(m)
	t.pending += estimateParts(m.Parts)
	return nil
}

// fold turns queued prompts into ordinary user messages at this point of
// the conversation: each is re-created (so the stored order is the
// conversation order) and its queued row deleted.
func (t *turn) fold(ctx context.Context, queued []message.Message) error {
	for _, q := range queued {
		if err := t.addUser(ctx, q.Parts); err != nil {
			return err
		}
		if err := t.c.deps.Messages.Delete(t.store, q.ID); err != nil {
			return fmt.Errorf("fold queued prompt: %w", err)
		}
	}
	return nil
}

// appendHist adds a stored message to the in-memory history and view.
func (t *turn) appendHist(m message.Message) {
	t.hist = append(t.hist, m)
	t.appendView(m)
	for _, p := range m.Parts {
		if p.Type == llm.PartToolCall {
			if t.callIDs == nil {
				t.callIDs = make(map[string]bool)
			}
			t.callIDs[p.ToolCallID] = true
		}
	}
}

// result returns a copy of the turn's result.
func (t *turn) result() *Result {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := t.res
	return &r
}

// addSpend adds usage and cost to the turn's result (steps, summaries,
// sub-agents).
func (t *turn) addSpend(u llm.Usage, cost float64) {
	t.mu.Lock()
	t.res.Usage = t.res.Usage.Add(u)
	t.res.Cost += cost
	t.mu.Unlock()
}

func (t *turn) spent() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.res.Cost
}

func hasUserMessage(hist []message.Message) bool {
	for _, m := range hist {
		if m.Role == llm.RoleUser {
			return true
		}
	}
	return false
}
