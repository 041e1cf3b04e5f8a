package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// ErrEmptySummary is returned when the model answered a summary request
// with no text.
var ErrEmptySummary = errors.New("agent: empty summary")

// Summary message framing.
const (
	summaryIntro    = "The earlier part of this session was summarized to free up context. Summary:\n\n"
	summaryContinue = "\n\nContinue the work from where it stopped, without repeating finished steps. If the task is already complete, say so briefly."
	summaryMaxOut   = 8192
)

// Summarize summarizes sessionID's history now with the small model; the
// summary becomes the start of the history sent from then on. The session
// must be idle (ErrBusy otherwise).
func (c *Coordinator) Summarize(ctx context.Context, sessionID string) error {
	return c.SummarizeFocus(ctx, sessionID, "")
}

// SummarizeFocus is Summarize with what the person wants the summary to
// keep in detail ("/compact the parser rewrite"); "" for none.
func (c *Coordinator) SummarizeFocus(ctx context.Context, sessionID, focus string) error {
	a, err := c.acquire(ctx, sessionID, func() error { return ErrBusy })
	if err != nil {
		return err
	}
	defer c.release(sessionID, a)
	defer c.markClosing(a)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if c.deps.Leases != nil {
		lease, err := c.deps.Leases.Acquire(ctx, sessionID) // a *session.HeldError says who is busy
		if err != nil {
			return err
		}
		defer c.keepLease(ctx, sessionID, lease, cancel)()
	}
	spec := c.mainSpec(RunOptions{})
	spec.queue = false
	t := c.newTurn(ctx, sessionID, spec)
	t.summaryFocus = focus
	c.mu.Lock()
	a.cancel, a.turn = cancel, t
	c.mu.Unlock()
	if err := t.load(ctx); err != nil {
		return err
	}
	if len(t.hist) < 2 {
		return nil
	}
	return t.summarize(ctx, false)
}

// autoSummarize summarizes because the context is running short.
func (t *turn) autoSummarize(ctx context.Context) {
	if err := t.summarize(ctx, true); err != nil && ctx.Err() == nil {
		t.c.log.Warn("auto summary failed", "session", t.sessionID, "err", err)
	}
}

// summarize replaces the working history by a summary message. With
// continueTask, the summary ends with an instruction to carry on. A
// failure is remembered so the turn does not try again.
func (t *turn) summarize(ctx context.Context, continueTask bool) error {
	t.awaitToolWrite() // it reads the session and stores after it
	c := t.c
	t.preCompact(ctx, continueTask)
	c.publish(ctx, Event{Type: EventSummarizing, SessionID: t.sessionID})
	todos := t.sess.Todos
	if s, err := c.deps.Sessions.Get(t.store, t.sessionID); err == nil {
		todos = s.Todos
	}
	input := transcript(t.hist, todos, transcriptLimit(c.small()))
	col := newTextSink()
	start := time.Now()
	rep, err := c.callModel(ctx, t.sessionID, c.small(), func(cand Candidate) *llm.Request {
		return sideRequest(cand, summaryText, summaryAsk(t.summaryFocus)+input, summaryMaxOut)
	}, col)
	if err == nil && col.text() == "" {
		err = ErrEmptySummary
	}
	if err != nil {
		t.summaryFailed = true
		if ctx.Err() == nil {
			c.info(ctx, t.sessionID, "could not summarize the session: "+err.Error())
		}
		return fmt.Errorf("summarize %s: %w", t.sessionID, err)
	}
	body := summaryIntro + col.text()
	if continueTask {
		body += summaryContinue
	}
	m, err := t.storeSummary(rep, body)
	if err != nil {
		t.summaryFailed = true
		return err
	}
	t.hist = []message.Message{m}
	t.rebuildView()
	t.ctxTok, t.pending = estimateView(t.system, t.view), 0
	t.justSummarized = true
	t.accountSide(rep, m.ID, "summary", start)
	c.publish(ctx, Event{Type: EventSummarized, SessionID: t.sessionID, Text: col.text()})
	return nil
}

func (t *turn) storeSummary(rep callReport, body string) (message.Message, error) {
	now := t.c.cfg.Now().UnixMilli()
	m, err := t.c.deps.Messages.Create(t.store, message.Message{
		SessionID: t.sessionID, Role: llm.RoleUser, Parts: []llm.Part{llm.Text(body)},
		Status: message.StatusDone, IsSummary: true, Model: rep.cand.Model, Provider: rep.cand.Provider,
		CreatedAt: now, FinishedAt: now,
	})
	if err != nil {
		return m, fmt.Errorf("store summary: %w", err)
	}
	if err := t.c.deps.Sessions.SetSummary(t.store, t.sessionID, m.ID); err != nil {
		return m, fmt.Errorf("set summary: %w", err)
	}
	return m, nil
}

// accountSide adds a side call's usage to the session and the result and
// stores its trace row.
func (t *turn) accountSide(rep callReport, msgID, kind string, start time.Time) {
	u := rep.usage
	cost := rep.cand.Spec.Cost(u)
	t.addSpend(u, cost)
	if err := t.c.deps.Sessions.AddUsage(t.store, t.sessionID, u, cost, t.ctxTok); err != nil {
		t.c.log.Error("add usage", "session", t.sessionID, "err", err)
	}
	row := session.Turn{
		SessionID: t.sessionID, MessageID: msgID, Provider: rep.cand.Provider, Model: rep.cand.Model,
		Failovers: rep.failovers, LatencyMS: time.Since(start).Milliseconds(), TTFTMS: rep.ttft.Milliseconds(),
		InputTokens: u.Input, OutputTokens: u.Output, CacheRead: u.CacheRead, CacheWrite: u.CacheWrite,
		Cost: cost, FinishReason: kind, CreatedAt: t.c.cfg.Now().UnixMilli(),
	}
	if _, err := t.c.deps.Sessions.AddTurn(t.store, row); err != nil {
		t.c.log.Error("add turn", "session", t.sessionID, "err", err)
	}
}

// transcriptLimit is the transcript size (characters) that leaves the
// first small candidate room to answer: about 60% of its window at three
// characters a token; 400k characters when the window is unknown.
func transcriptLimit(small []Candidate) int {
	if len(small) == 0 || small[0].Spec.ContextWindow <= 0 {
		return 400_000
	}
	return small[0].Spec.ContextWindow * 3 * 6 / 10
}

// summaryAsk opens the summary request, with the person's focus if any.
func summaryAsk(focus string) string {
	if focus == "" {
		return "Summarize this session transcript.\n\n"
	}
	return "Summarize this session transcript. Keep in full detail what concerns: " + focus + "\n\n"
}
