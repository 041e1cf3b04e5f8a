package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// stepOutcome is what one model step produced.
type stepOutcome struct {
	msg   message.Message
	calls []llm.Part
	err   error
}

// step asks the model once (with failover), stores the assistant message,
// accounts usage and cost, and returns the tool calls to run.
func (t *turn) step(ctx context.Context) stepOutcome {
	t.applyMode(ctx, false)
	t.steps++
	t.mu.Lock()
	t.res.Steps++
	t.mu.Unlock()
	start := time.Now()
	w := newStepWriter(t)
	// The kept tool messages are stored once the request is on the wire,
	// while the model reads it; where no HTTP request is sent, the first
	// streamed event stores them (stepWriter.create).
	sending := llm.WhenSent(ctx, t.startToolWrite)
	rep, err := t.c.callModel(sending, t.sessionID, t.candidates(ctx), func(c Candidate) *llm.Request {
		w.prepare(c)
		return t.request(ctx, c)
	}, w)
	reason, note := rep.reason, ""
	switch {
	case err != nil && llm.KindOf(err) == llm.KindCanceled:
		reason, note = llm.FinishCanceled, "interrupted"
	case err != nil:
		reason, note = llm.FinishError, err.Error()
	case reason == llm.FinishOutputTooLarge:
		err = &OutputTooLargeError{Limit: t.c.cfg.MaxOutput}
		note = err.Error()
	case reason == "":
		reason = llm.FinishStop
	}
	acct := t.stepAccount(rep, start, reason, err)
	msg := w.finish(reason, err == nil, note, acct)
	t.account(ctx, rep, msg, acct)
	if msg.ID != "" {
		t.appendHist(msg)
		if text := msg.LLM().Text(); text != "" {
			t.mu.Lock()
			t.res.Text = text
			t.mu.Unlock()
		}
	}
	calls := msg.LLM().ToolCalls()
	if err != nil {
		if len(calls) > 0 {
			t.answerUnrun(msg, calls, cutResults(err, len(calls)), nil)
		}
		return stepOutcome{msg: msg, err: err}
	}
	return stepOutcome{msg: msg, calls: calls}
}

// OutputTooLargeError ends a turn whose model streamed more than
// Config.MaxOutput bytes in one answer.
type OutputTooLargeError struct{ Limit int }

// Error says what happened and the limit.
func (e *OutputTooLargeError) Error() string {
	return fmt.Sprintf("the model's answer passed the output limit of %s and was cut there; its tool calls were not run", sizeText(e.Limit))
}

// cutResults answers the calls of an answer cut at the output limit:
// none ran, and the model is told why; nil for any other failure (the
// calls are answered as interrupted).
func cutResults(err error, n int) []*tools.Result {
	var big *OutputTooLargeError
	if !errors.As(err, &big) {
		return nil
	}
	out := make([]*tools.Result, n)
	for i := range out {
		r := tools.ErrorResult("not run: the answer was cut at the output limit (" + sizeText(big.Limit) + ") before this call could run")
		out[i] = &r
	}
	return out
}

// sizeText is n bytes for people: "4 MiB", "512 KiB", "900 bytes".
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// request builds the step's request for candidate c.
func (t *turn) request(ctx context.Context, c Candidate) *llm.Request {
	msgs := t.view
	if t.hasImages && !c.Spec.Images {
		msgs = stripImages(msgs, c.Name())
		if !t.imagesNoted {
			t.imagesNoted = true
			t.c.info(ctx, t.sessionID, "images left out: "+c.Name()+" does not accept images")
		}
	}
	req := buildRequest(c, t.system, msgs, t.defs)
	budget := windowBudget(c, t.system, t.defs, req.MaxTokens)
	fitted, dropped := fitWindow(req.Messages, budget, len(t.hist) > 0 && t.hist[0].IsSummary)
	if dropped > 0 && !t.windowNoted {
		t.windowNoted = true
		t.c.info(ctx, t.sessionID, fmt.Sprintf("%d earlier messages left out of the request to fit the context window of %s", dropped, c.Name()))
	}
	req.Messages = fitted
	return req
}

// buildRequest applies c's call options.
func buildRequest(c Candidate, system []string, msgs []llm.Message, defs []llm.ToolDef) *llm.Request {
	o := c.Options
	maxTokens := o.MaxTokens
	if maxTokens == 0 {
		maxTokens = c.Spec.MaxOutputTokens
	}
	return &llm.Request{
		Model:           c.Model,
		System:          system,
		Messages:        msgs,
		Tools:           defs,
		MaxTokens:       maxTokens,
		Temperature:     o.Temperature,
		TopP:            o.TopP,
		ReasoningEffort: o.ReasoningEffort,
		ProviderOptions: o.ProviderOptions,
		Headers:         o.Headers,
	}
}

// stepAccount is a step's trace row and context gauge: stored with the
// step's final message where the stores can (stepWriter.finish), else by
// account.
type stepAccount struct {
	row    session.Turn
	tokens int64
	stored bool // row was stored and has its ID
}

// stepAccount builds the accounting of a step that ended with reason
// (its message ID is set when the message is stored).
func (t *turn) stepAccount(rep callReport, start time.Time, reason llm.FinishReason, err error) *stepAccount {
	u := rep.usage
	a := &stepAccount{
		row: session.Turn{
			SessionID: t.sessionID,
			Provider:  rep.cand.Provider, Model: rep.cand.Model, Failovers: rep.failovers,
			LatencyMS: time.Since(start).Milliseconds(), TTFTMS: rep.ttft.Milliseconds(),
			InputTokens: u.Input, OutputTokens: u.Output, CacheRead: u.CacheRead, CacheWrite: u.CacheWrite,
			Cost: rep.cand.Spec.Cost(u), FinishReason: string(reason), CreatedAt: t.c.cfg.Now().UnixMilli(),
			Switch: t.stepSwitch,
		},
		tokens: u.Input + u.CacheRead + u.CacheWrite,
	}
	if err != nil {
		a.row.Error = err.Error()
	}
	return a
}

// account adds the step's usage and cost to the turn and the result,
// stores its trace row (unless finish stored it with the message) and
// publishes EventStepFinished.
func (t *turn) account(ctx context.Context, rep callReport, msg message.Message, a *stepAccount) {
	u := rep.usage
	t.addSpend(u, a.row.Cost)
	if u.Total() > 0 {
		t.ctxTok, t.pending = u.Total(), 0
	} else {
		t.ctxTok += t.pending + estimateParts(msg.Parts)
		t.pending = 0
	}
	t.lastOut = u.Output
	t.route.answered(t.c.routing(), rep.cand.Name(), u)
	row := a.row
	if !a.stored {
		row.MessageID = msg.ID
		if stored, err := t.c.deps.Sessions.AddStep(t.store, row, a.tokens); err != nil {
			t.c.log.Error("add step", "session", t.sessionID, "err", err)
		} else {
			row = stored
		}
	}
	t.c.publish(ctx, Event{Type: EventStepFinished, SessionID: t.sessionID, Message: &msg, Step: &row})
}
