package tui

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// A folded prompt's queued message is deleted; a queue event that still
// lists it and comes later (agent events and messages travel on separate
// channels, and two publishers may deliver their snapshots out of order)
// must not bring it back above the editor.
func TestStaleQueueEventAfterFoldIsIgnored(t *testing.T) {
	t.Parallel()
	m := sessionModel()
	queued := agent.Event{Type: agent.EventQueueChanged, SessionID: "s",
		Queue: []agent.QueuedPrompt{{MessageID: "q1", Text: "second question"}}}
	agentEv := func(e agent.Event) tea.Msg {
		return agentEventMsg(pubsub.Event[agent.Event]{Type: pubsub.Created, Payload: e})
	}
	m.Update(agentEv(queued))
	if m.queue.Len() != 1 {
		t.Fatalf("queue = %+v, want the prompt", m.queue.Items())
	}
	m.Update(messageEventMsg(pubsub.Event[message.Message]{Type: pubsub.Deleted, Payload: message.Message{
		ID: "q1", SessionID: "s", Role: llm.RoleUser, Status: message.StatusQueued}}))
	if m.queue.Len() != 0 {
		t.Fatalf("queue = %+v after the prompt's message was deleted", m.queue.Items())
	}
	m.Update(agentEv(queued)) // the stale snapshot
	if m.queue.Len() != 0 {
		t.Errorf("a stale queue event listed the folded prompt again: %+v", m.queue.Items())
	}
}

// Esc and the remove key take prompts out of the queue and say so in the
// status line; the panel drops them in that same frame, not when the
// queue's own event (on another channel) arrives, and a later stale
// snapshot does not bring them back.
func TestQueuePanelDropsPromptsWhenTakenOut(t *testing.T) {
	t.Parallel()
	m := sessionModel()
	queued := agent.Event{Type: agent.EventQueueChanged, SessionID: "s", Queue: []agent.QueuedPrompt{
		{MessageID: "q1", Text: "second question"}, {MessageID: "q2", Text: "third question"}}}
	stale := agentEventMsg(pubsub.Event[agent.Event]{Type: pubsub.Created, Payload: queued})
	m.Update(stale)
	m.Update(queueRemovedMsg{id: "q2"})
	if got := m.queue.Items(); len(got) != 1 || got[0].ID != "q1" {
		t.Fatalf("queue = %+v after q2 was removed, want only q1", got)
	}
	m.Update(queueRestoredMsg{ids: []string{"q1"}, texts: []string{"second question"}})
	if m.queue.Len() != 0 || m.editor.Value() != "second question" {
		t.Fatalf("queue = %+v, editor = %q after Esc restored q1", m.queue.Items(), m.editor.Value())
	}
	m.Update(stale)
	if m.queue.Len() != 0 {
		t.Errorf("a stale queue event listed the taken-out prompts again: %+v", m.queue.Items())
	}
}

// sessionModel is a started Model on session "s", sized for a frame.
func sessionModel() *Model {
	m := NewModel(context.Background(), stubBackend{}, Options{})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.started = true
	m.sess = session.Session{ID: "s"}
	return m
}
