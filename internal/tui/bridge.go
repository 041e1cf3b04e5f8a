package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/pubsub"
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
			flushMessages(msgs, send)
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

// flushMessages forwards the message events waiting in msgs. Messages and
// agent events come on separate channels, and select picks among ready
// ones at random; an agent event (a turn's end and its info line) must
// not overtake the messages published before it, which are all waiting
// by the time it is received.
func flushMessages(msgs <-chan pubsub.Event[message.Message], send func(tea.Msg)) {
	for n := len(msgs); n > 0; n-- {
		e, ok := <-msgs
		if !ok {
			return
		}
		send(messageEventMsg(e))
	}
}
