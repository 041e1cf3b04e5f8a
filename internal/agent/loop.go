package agent

import (
	"context"
	"errors"
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// loop runs model steps until the turn ends, then marks a closing.
func (t *turn) loop(ctx context.Context, a *activeSession) {
	for {
		if t.spec.queue && !t.foldQueued(ctx) {
			break
		}
		if reason, stop := t.limitReached(); stop {
			t.end(reason, nil)
			break
		}
		if t.needsSummary() {
			t.autoSummarize(ctx)
		}
		if ctx.Err() != nil {
			t.end(ExitCanceled, nil)
			break
		}
		if !t.stepAndTools(ctx, a) {
			break
		}
	}
	t.awaitToolWrite() // the turn ends with its messages stored
	t.c.markClosing(a)
}

// stepAndTools runs one model step and its tool calls; false ends the
// loop (the result is set).
func (t *turn) stepAndTools(ctx context.Context, a *activeSession) bool {
	out := t.step(ctx)
	if out.err != nil {
		return t.stepFailed(ctx, out.err)
	}
	t.justSummarized = false
	if len(out.calls) == 0 {
		if t.stopHook(ctx) {
			return true
		}
		if t.spec.queue {
			q, err := t.c.continueOrClose(ctx, t.sessionID, a)
			if err != nil {
				t.end(ExitError, err)
				return false
			}
			if len(q) > 0 {
				t.steps = 0
				return t.foldQueue(ctx, q)
			}
		}
		t.end(t.doneReason(out.msg), nil)
		return false
	}
	t.route.observeCalls(t.c.routing(), out.calls, t.spec.tools.Policy)
	if !t.runTools(ctx, out.msg, out.calls) {
		t.end(ExitCanceled, nil)
		return false
	}
	if halted, why := t.haltedBy(); halted {
		t.c.info(ctx, t.sessionID, strings.TrimSpace("stopped by a hook. "+why))
		t.end(ExitHookStopped, nil)
		return false
	}
	if t.guard.tripped() {
		t.c.info(ctx, t.sessionID, "stopped: the model repeated the same tool call with the same result")
		t.end(ExitLoop, nil)
		return false
	}
	return true
}

// stepFailed decides how a failed step ends the turn; a context overflow
// is answered once with a summary and a retry (true: go on).
func (t *turn) stepFailed(ctx context.Context, err error) bool {
	kind := llm.KindOf(err)
	switch {
	case kind == llm.KindCanceled || ctx.Err() != nil:
		t.end(ExitCanceled, nil)
		return false
	case kind == llm.KindContextOverflow && !t.overflowRetried && !t.justSummarized:
		t.overflowRetried = true
		if t.summarize(ctx, true) == nil {
			return true
		}
	}
	t.end(failureReason(err), err)
	return false
}

// foldQueued folds the prompts queued for the session (by this process
// or another) before the next step; false when that failed (the turn has
// ended).
func (t *turn) foldQueued(ctx context.Context) bool {
	q, err := t.c.takeQueued(ctx, t.sessionID)
	if err != nil {
		t.end(ExitError, err)
		return false
	}
	if len(q) == 0 {
		return true
	}
	return t.foldQueue(ctx, q)
}

// foldQueue folds queued prompts before the next step; false when storing
// them failed (the turn has ended).
func (t *turn) foldQueue(ctx context.Context, q []message.Message) bool {
	err := t.fold(ctx, q)
	t.c.publishQueue(ctx, t.sessionID)
	if err != nil {
		t.end(ExitError, err)
		return false
	}
	return true
}

// end records why the turn ended.
func (t *turn) end(reason ExitReason, err error) {
	t.mu.Lock()
	t.res.Reason = reason
	t.res.Err = err
	t.mu.Unlock()
}

// doneReason is the reason of a turn whose model stopped calling tools:
// permission_denied when it stopped right after a denied call or when
// every file change it tried was denied, empty_answer when its last
// message has no text.
func (t *turn) doneReason(last message.Message) ExitReason {
	switch {
	case t.lastDeny, t.writes > 0 && t.writesDenied == t.writes:
		return ExitPermissionDenied
	case last.FinishReason == llm.FinishCanceled:
		return ExitCanceled
	case strings.TrimSpace(last.LLM().Text()) == "":
		return ExitEmptyAnswer
	}
	return ExitDone
}

// failureReason maps a step's error to an exit reason.
func failureReason(err error) ExitReason {
	var big *OutputTooLargeError
	if errors.As(err, &big) {
		return ExitOutputTooLarge
	}
	var ue *UnavailableError
	if errors.As(err, &ue) {
		if ue.AuthOnly() {
			return ExitAuth
		}
		return ExitProviderError
	}
	switch llm.KindOf(err) {
	case llm.KindAuth, llm.KindBilling:
		return ExitAuth
	case llm.KindCanceled:
		return ExitCanceled
	}
	var le *llm.Error
	if errors.As(err, &le) {
		return ExitProviderError
	}
	return ExitError
}
