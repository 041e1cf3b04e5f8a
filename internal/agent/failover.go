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

// Error lists every candidate and when it is free again.
func (e *UnavailableError) Error() string {
	if len(e.Candidates) == 0 {
		return "no model configured"
	}
	var b strings.Builder
	b.WriteString("no model available: ")
	for i, c := range e.Candidates {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s %s", c.Name, c.Kind)
		if !c.Until.IsZero() {
			fmt.Fprintf(&b, ", free at %s (in %s)", c.Until.Format("15:04:05"), c.Until.Sub(e.now).Round(time.Second))
		}
		if c.Err != nil && c.Until.IsZero() {
			fmt.Fprintf(&b, " (%v)", c.Err)
		}
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

// callModel asks the candidates in order, skipping those cooling down.
// A candidate failing with an error other than cancel or context overflow
// is rested (see cooldowns.put) and the next one continues the same call,
// after the sink discarded the partial answer. Each switch is published
// as EventFailover.
func (c *Coordinator) callModel(ctx context.Context, sessionID string, cands []Candidate, build func(Candidate) *llm.Request, s sink) (callReport, error) {
	var rep callReport
	var failed []CandidateStatus
	last := ""
	for _, cand := range cands {
		if cl, ok := c.cool.check(cand.Name()); ok {
			failed = append(failed, CandidateStatus{Name: cand.Name(), Kind: cl.kind, Until: cl.until})
			continue
		}
		if last != "" {
			s.reset()
			c.publish(ctx, Event{Type: EventFailover, SessionID: sessionID,
				Text: fmt.Sprintf("switched to %s (%s)", cand.Name(), last)})
		}
		s.prepare(cand)
		err := c.streamOnce(ctx, cand, build(cand), s, &rep)
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

// streamOnce streams one attempt into s, recording usage, finish reason
// and time to first event in rep.
func (c *Coordinator) streamOnce(ctx context.Context, cand Candidate, req *llm.Request, s sink, rep *callReport) error {
	start := time.Now()
	rep.usage, rep.reason, rep.ttft = llm.Usage{}, "", 0
	first := true
	finished := false
	for ev, err := range cand.Client.Stream(ctx, req) {
		if err != nil {
			return err
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
