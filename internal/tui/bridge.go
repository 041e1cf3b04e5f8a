package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"
)

// Bridge forwards broker events into the program until ctx ends: it is the
// one goroutine that feeds events to the TUI (Run starts it with
// tea.Program.Send as send; tests pass their own driver's send).
func Bridge(ctx context.Context, ev Events, send func(tea.Msg)) {
	msgs := ev.SubscribeMessages(ctx)
	sess := ev.SubscribeSessions(ctx)
	agentEv := ev.SubscribeAgent(ctx)
	perms := ev.SubscribePermissions(ctx)
	for msgs != nil || sess != nil || agentEv != nil || perms != nil {
		select {
		case <-ctx.Done():
			return
		case e, ok := <-msgs:
			if !ok {
				msgs = nil
				continue
			}
			send(messageEventMsg(e))
		case e, ok := <-sess:
			if !ok {
				sess = nil
				continue
			}
			send(sessionEventMsg(e))
		case e, ok := <-agentEv:
			if !ok {
				agentEv = nil
				continue
			}
			send(agentEventMsg(e))
		case e, ok := <-perms:
			if !ok {
				perms = nil
				continue
			}
			send(permissionEventMsg(e))
		}
	}
}
