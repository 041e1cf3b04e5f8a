package tui

import (
	"context"
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// readyEvents hands out channels already filled and closed.
type readyEvents struct {
	msgs  chan pubsub.Event[message.Message]
	agent chan pubsub.Event[agent.Event]
}

func (r readyEvents) SubscribeMessages(context.Context) <-chan pubsub.Event[message.Message] {
	return r.msgs
}

func (r readyEvents) SubscribeAgent(context.Context) <-chan pubsub.Event[agent.Event] { return r.agent }

func (readyEvents) SubscribeSessions(context.Context) <-chan pubsub.Event[session.Session] {
	ch := make(chan pubsub.Event[session.Session])
	close(ch)
	return ch
}

func (readyEvents) SubscribePermissions(context.Context) <-chan pubsub.Event[permission.Request] {
	ch := make(chan pubsub.Event[permission.Request])
	close(ch)
	return ch
}

// A turn's messages are published before its end; the bridge must not
// let the end (and the info line it adds) overtake them, although both
// channels are ready at once.
func TestBridgeKeepsMessagesBeforeLaterAgentEvent(t *testing.T) {
	t.Parallel()
	const n = 20
	ev := readyEvents{msgs: make(chan pubsub.Event[message.Message], n), agent: make(chan pubsub.Event[agent.Event], 1)}
	for i := range n {
		ev.msgs <- pubsub.Event[message.Message]{Type: pubsub.Updated, Payload: message.Message{ID: fmt.Sprint("m", i)}}
	}
	ev.agent <- pubsub.Event[agent.Event]{Type: pubsub.Created, Payload: agent.Event{Type: agent.EventTurnFinished}}
	close(ev.msgs)
	close(ev.agent)

	var got []tea.Msg
	Bridge(t.Context(), ev, func(msg tea.Msg) { got = append(got, msg) })
	if len(got) != n+1 {
		t.Fatalf("forwarded %d events, want %d", len(got), n+1)
	}
	if _, ok := got[n].(agentEventMsg); !ok {
		for i, msg := range got {
			if _, ok := msg.(agentEventMsg); ok {
				t.Fatalf("the turn's end was forwarded as event %d, before %d of its messages", i, n-i)
			}
		}
	}
}
