package agent

import "github.com/honecode/hone/internal/llm"

// limitReached checks the step and cost limits before a step.
func (t *turn) limitReached() (ExitReason, bool) {
	if t.steps >= t.spec.maxSteps {
		t.c.log.Info("step limit reached", "session", t.sessionID, "steps", t.steps)
		return ExitMaxSteps, true
	}
	if t.spec.maxCost > 0 {
		if t.spent()+t.nextStepCost() > t.spec.maxCost {
			return ExitMaxCost, true
		}
	}
	return "", false
}

// nextStepCost estimates the next step's price with the first available
// candidate of its list (large, or fast or plan with routing): the whole context as uncached input plus as much
// output as the last step (at least 500 tokens). It errs high, so the
// limit is never passed.
func (t *turn) nextStepCost() float64 {
	_, cands := t.pick()
	c, ok := t.c.firstAvailable(cands)
	if !ok {
		return 0
	}
	out := max(t.lastOut, 500)
	return c.Spec.Cost(llm.Usage{Input: t.ctxTok + t.pending, Output: out})
}

// needsSummary reports whether the remaining context of the first
// available candidate of the next step's list is under the threshold: 20% of the window, or
// 20k tokens for windows over 200k. A history that was just summarized,
// or whose summary failed this turn, is left alone.
func (t *turn) needsSummary() bool {
	if t.c.cfg.DisableAutoSummarize || t.justSummarized || t.summaryFailed || len(t.hist) < 2 {
		return false
	}
	_, cands := t.pick()
	c, ok := t.c.firstAvailable(cands)
	if !ok || c.Spec.ContextWindow <= 0 {
		return false
	}
	window := int64(c.Spec.ContextWindow)
	threshold := window / 5
	if window > 200_000 {
		threshold = 20_000
	}
	return window-(t.ctxTok+t.pending) < threshold
}

// firstAvailable returns the first candidate not cooling down.
func (c *Coordinator) firstAvailable(cands []Candidate) (Candidate, bool) {
	for _, cand := range cands {
		if _, cooling := c.cool.check(cand.Name()); !cooling {
			return cand, true
		}
	}
	return Candidate{}, false
}
