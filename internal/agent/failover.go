package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// sink receives the events of a model call.
type sink interface {
	// prepare is told which candidate is asked next.
	prepare(c Candidate)
	event(ev llm.Event)
	// reset discards what was received (a retry or a failover restarts).
	reset()
}

// callReport describes the attempt that answered.
type callReport struct {
	cand      Candidate
	failovers []string // "provider/model: kind" of candidates given up on
	ttft      time.Duration
	usage     llm.Usage
	reason    llm.FinishReason
}

// CandidateStatus is why one candidate could not answer.
type CandidateStatus struct {
	Name string
	Kind llm.ErrorKind
	// Until is when its cooldown ends (zero when it has none).
	Until time.Time
	Err   error
}

// UnavailableError is returned when no candidate could answer: each was
// cooling down or failed.
type UnavailableError struct {
	Candidates []CandidateStatus
	now        time.Time
}

// Error is the root cause in one line: the failure itself when one
// candidate was tried, else each candidate and what stopped it.
func (e *UnavailableError) Error() string {
	switch {
	case len(e.Candidates) == 0:
		return "no model configured"
	case len(e.Candidates) == 1 && e.Candidates[0].Err != nil:
		return e.Candidates[0].Err.Error()
	}
	var b strings.Builder
	b.WriteString("every model failed: ")
	for i, c := range e.Candidates {
		if i > 0 {
			b.WriteString("; ")
		}
		if c.Err != nil {
			fmt.Fprintf(&b, "%s: %v", c.Name, c.Err)
			continue
		}
		fmt.Fprintf(&b, "%s: resting after %s until %s (in %s)", c.Name, c.Kind,
			c.Until.Format("15:04:05"), c.Until.Sub(e.now).Round(time.Second))
	}
	return b.String()
}

// AuthOnly reports whether every candidate failed on auth or billing.
func (e *UnavailableError) AuthOnly() bool {
	for _, c := range e.Candidates {
		if c.Kind != llm.KindAuth && c.Kind != llm.KindBilling {
			return false
		}
	}
	return len(e.Candidates) > 0
}

// callModel asks the candidates in order, skipping those cooling down —
// unless every one is: then the one whose cooldown ends first is asked
// anyway, so a failure never locks a user out of their last model. A
// candidate failing with an error other than cancel or context overflow
// is rested (see cooldowns.put) and the next one continues the same call,
// after the sink discarded the partial answer. Each switch is published
// as EventFailover.
func (c *Coordinator) callModel(ctx context.Context, sessionID string, cands []Candidate, build func(Candidate) *llm.Request, s sink) (callReport, error) {
	var rep callReport
	var failed []CandidateStatus
	last := ""
	anyway := c.cool.earliestIfAll(names(cands))
	for _, cand := range cands {
		if cl, ok := c.cool.check(cand.Name()); ok && cand.Name() != anyway {
			failed = append(failed, CandidateStatus{Name: cand.Name(), Kind: cl.kind, Until: cl.until})
			continue
		}
		if last != "" {
			s.reset()
			c.publish(ctx, Event{Type: EventFailover, SessionID: sessionID,
				Text: fmt.Sprintf("switched to %s (%s)", cand.Name(), last)})
		}
		s.prepare(cand)
		err := c.streamOnce(ctx, sessionID, cand, build(cand), s, &rep)
		if err == nil {
			rep.cand = cand
			return rep, nil
		}
		kind := llm.KindOf(err)
		if kind == llm.KindCanceled || kind == llm.KindContextOverflow || ctx.Err() != nil {
			rep.cand = cand
			return rep, err
		}
		until := c.cool.put(cand.Name(), kind, retryAfter(err))
		failed = append(failed, CandidateStatus{Name: cand.Name(), Kind: kind, Until: until, Err: err})
		rep.failovers = append(rep.failovers, cand.Name()+": "+string(kind))
		last = fmt.Sprintf("%s on %s", kind, cand.Name())
		c.log.Warn("model failed", "candidate", cand.Name(), "kind", kind, "err", err)
	}
	if len(cands) == 0 {
		return rep, ErrNoModel
	}
	return rep, &UnavailableError{Candidates: failed, now: c.cfg.Now()}
}

func names(cands []Candidate) []string {
	out := make([]string, len(cands))
	for i, c := range cands {
		out[i] = c.Name()
	}
	return out
}

// streamOnce streams one attempt into s through the output limit,
// recording usage, finish reason and time to first event in rep. Retries
// the client announces are published as EventRetrying.
func (c *Coordinator) streamOnce(ctx context.Context, sessionID string, cand Candidate, req *llm.Request, s sink, rep *callReport) error {
	ctx = llm.WithSession(ctx, sessionID)
	if c.deps.Warm != nil {
		c.warmOnce.Do(func() { go c.deps.Warm(context.WithoutCancel(ctx)) })
	}
	start := time.Now()
	rep.usage, rep.reason, rep.ttft = llm.Usage{}, "", 0
	first := true
	finished := false
	for ev, err := range llm.LimitOutput(cand.Client, c.cfg.MaxOutput).Stream(ctx, req) {
		if err != nil {
			return err
		}
		if ev.Type == llm.EventRetry && ev.Retry != nil {
			c.publish(ctx, Event{Type: EventRetrying, SessionID: sessionID, Text: ev.Retry.String(), Retry: ev.Retry})
			continue
		}
		if first {
			rep.ttft, first = time.Since(start), false
		}
		switch ev.Type {
		case llm.EventReset:
			rep.usage, rep.reason = llm.Usage{}, ""
			s.reset()
			continue
		case llm.EventUsage:
			rep.usage = ev.Usage
		case llm.EventFinish:
			rep.reason, finished = ev.Reason, true
		}
		s.event(ev)
	}
	if !finished && ctx.Err() != nil {
		return llm.ContextError(ctx)
	}
	return nil
}

func retryAfter(err error) time.Duration {
	var e *llm.Error
	if errors.As(err, &e) {
		return e.RetryAfter
	}
	return 0
}
