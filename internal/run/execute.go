package run

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// ErrNoPrompt is returned when there is nothing to send.
var ErrNoPrompt = errors.New("run: no prompt: pass it as arguments or on stdin")

// drainTimeout bounds the wait for the turn's last events after Run
// returned (they are normally already queued).
const drainTimeout = 5 * time.Second

// sessionErrorCode is the exit code when no session could be picked: an
// unknown id or an ambiguous prefix is a usage error, anything else (a
// locked or unwritable database) an error.
func sessionErrorCode(err error) ExitCode {
	var amb *session.AmbiguousError
	if errors.Is(err, session.ErrNotFound) || errors.As(err, &amb) {
		return ExitUsage
	}
	return ExitError
}

// Execute sends opts.Prompt to the session opts selects, writes the
// output in opts.Format and returns the exit code. The error is non-nil
// exactly when the code is not ExitOK and says why; the caller prints it
// on stderr (stdout holds only the answer or JSON).
func Execute(ctx context.Context, deps Deps, opts Options, out IO) (ExitCode, error) {
	if strings.TrimSpace(opts.Prompt) == "" && len(opts.Attachments) == 0 {
		return ExitUsage, ErrNoPrompt
	}
	p, err := newPrinter(opts, out)
	if err != nil {
		return ExitUsage, err
	}
	sess, note, err := pickSession(ctx, deps.Sessions, opts)
	if err != nil {
		return sessionErrorCode(err), err
	}
	if note != "" {
		p.note(note)
	}
	subCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	done := make(chan struct{})
	events := deps.Agent.Subscribe(subCtx)
	go func() {
		defer close(done)
		consume(events, sess.ID, p)
	}()
	res, err := deps.Agent.RunWith(ctx, sess.ID, opts.Prompt, opts.Attachments,
		agent.RunOptions{MaxSteps: opts.MaxSteps, MaxCost: opts.MaxCost})
	if err != nil {
		cancel()
		<-done
		switch {
		case errors.Is(err, agent.ErrEmptyPrompt):
			return ExitUsage, ErrNoPrompt
		case errors.Is(err, agent.ErrNoModel):
			return ExitUsage, fmt.Errorf("run: %w: configure a provider in hone.json or set its API key variable", err)
		case errors.As(err, new(*agent.PromptBlockedError)):
			return ExitDenied, err
		}
		return ExitError, fmt.Errorf("run: %w", err)
	}
	if res.Reason == agent.ExitQueued { // no turn ran here: no events to wait for
		cancel()
		<-done
	} else {
		drain(done, cancel)
	}
	code := CodeFor(res.Reason)
	p.finish(res, code)
	return code, outcome(res)
}

// consume feeds the session's events to p until its turn finishes or the
// subscription ends.
func consume(events <-chan pubsub.Event[agent.Event], sessionID string, p printer) {
	for ev := range events {
		if ev.Payload.SessionID != sessionID {
			continue
		}
		p.event(ev.Payload)
		if ev.Payload.Type == agent.EventTurnFinished {
			return
		}
	}
}

// drain waits for the consumer to see the end of the turn, then stops it.
func drain(done <-chan struct{}, cancel context.CancelFunc) {
	t := time.NewTimer(drainTimeout)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
	cancel()
	<-done
}

// outcome is the error describing a turn that did not end well.
func outcome(res *agent.Result) error {
	switch res.Reason {
	case agent.ExitDone:
		return nil
	case agent.ExitCanceled:
		return errors.New("interrupted; the partial work is saved in session " + res.SessionID)
	case agent.ExitMaxSteps:
		return fmt.Errorf("stopped: step limit reached after %d steps", res.Steps)
	case agent.ExitMaxCost:
		return fmt.Errorf("stopped: the next step would pass the cost limit ($%.4f spent)", res.Cost)
	case agent.ExitLoop:
		return errors.New("stopped: the model kept repeating the same tool call")
	case agent.ExitPermissionDenied:
		return fmt.Errorf("the task ended after %d denied permission request(s); allow the action in the permission rules or use --yolo", res.Denials)
	case agent.ExitEmptyAnswer:
		return errors.New("the model ended its turn without an answer")
	case agent.ExitQueued:
		return queuedError(res)
	}
	if res.Err != nil {
		return res.Err
	}
	return fmt.Errorf("turn ended: %s", res.Reason)
}

// queuedError says that the session is busy and where the prompt went.
func queuedError(res *agent.Result) error {
	h := res.Holder
	if h == nil {
		return fmt.Errorf("session %s is busy; the prompt was queued for its running turn", res.SessionID)
	}
	return fmt.Errorf("session %s is busy: process %d on %s has been running a turn since %s; "+
		"your prompt was queued and that turn answers it (see hone sessions show %s)",
		res.SessionID, h.PID, h.Hostname, h.Since.Format("2006-01-02 15:04:05"), res.SessionID)
}
