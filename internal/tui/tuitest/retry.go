package tuitest

import (
	"context"

	"github.com/honecode/hone/internal/agent"
)

// Retry implements tui.Agent: it plays the next scripted turn(s) on the
// session without storing a prompt, as the Coordinator's Retry does.
func (f *Fake) Retry(ctx context.Context, sessionID string) error {
	f.mu.Lock()
	if _, busy := f.running[sessionID]; busy {
		f.mu.Unlock()
		return agent.ErrBusy
	}
	f.runs = append(f.runs, RunCall{SessionID: sessionID, Retry: true})
	tctx, cancel := context.WithCancel(ctx)
	f.running[sessionID] = cancel
	f.mu.Unlock()

	f.publishAgent(ctx, agent.Event{Type: agent.EventTurnStarted, SessionID: sessionID})
	res := f.loop(tctx, sessionID)
	cancel()
	f.mu.Lock()
	delete(f.running, sessionID)
	f.mu.Unlock()
	f.publishAgent(ctx, agent.Event{Type: agent.EventTurnFinished, SessionID: sessionID, Result: &res})
	return nil
}
