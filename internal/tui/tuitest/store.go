package tuitest

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui"
)

// CreateSession implements tui.Sessions.
func (f *Fake) CreateSession(context.Context) (session.Session, error) {
	f.mu.Lock()
	now := f.now()
	s := session.Session{ID: f.nextID("sess"), ProjectDir: f.Dir, CreatedAt: now, UpdatedAt: now}
	f.sessions[s.ID] = s
	f.mu.Unlock()
	f.sessB.Publish(pubsub.Created, s)
	return s, nil
}

// GetSession implements tui.Sessions.
func (f *Fake) GetSession(_ context.Context, id string) (session.Session, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.sessions[id]
	if !ok {
		return s, fmt.Errorf("session %s: %w", id, ErrNotFound)
	}
	return s, nil
}

// ListSessions implements tui.Sessions.
func (f *Fake) ListSessions(context.Context) ([]session.Session, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return sortedSessions(f.sessions), nil
}

// LatestSession implements tui.Sessions.
func (f *Fake) LatestSession(context.Context) (session.Session, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	list := sortedSessions(f.sessions)
	if len(list) == 0 {
		return session.Session{}, fmt.Errorf("latest session: %w", ErrNotFound)
	}
	return list[0], nil
}

// RenameSession implements tui.Sessions.
func (f *Fake) RenameSession(_ context.Context, id, title string) error {
	f.mu.Lock()
	s, ok := f.sessions[id]
	if ok {
		s.Title = title
		f.sessions[id] = s
	}
	f.mu.Unlock()
	if !ok {
		return fmt.Errorf("rename %s: %w", id, ErrNotFound)
	}
	f.sessB.Publish(pubsub.Updated, s)
	return nil
}

// DeleteSession implements tui.Sessions.
func (f *Fake) DeleteSession(_ context.Context, id string) error {
	f.mu.Lock()
	s, ok := f.sessions[id]
	delete(f.sessions, id)
	delete(f.messages, id)
	f.mu.Unlock()
	if !ok {
		return fmt.Errorf("delete %s: %w", id, ErrNotFound)
	}
	f.sessB.Publish(pubsub.Deleted, s)
	return nil
}

// Messages implements tui.Transcript.
func (f *Fake) Messages(_ context.Context, id string) ([]message.Message, error) {
	return f.StoredMessages(id), nil
}

// MessagesTail implements tui.Transcript.
func (f *Fake) MessagesTail(_ context.Context, id string, n int) ([]message.Message, bool, error) {
	all := f.StoredMessages(id)
	from := max(len(all)-n, 0)
	return all[from:], from > 0, nil
}

// MessagesBefore implements tui.Transcript.
func (f *Fake) MessagesBefore(_ context.Context, id, before string, n int) ([]message.Message, bool, error) {
	all := f.StoredMessages(id)
	end := slices.IndexFunc(all, func(m message.Message) bool { return m.ID == before })
	if end < 0 {
		return nil, false, fmt.Errorf("message %s of session %s: %w", before, id, message.ErrNotFound)
	}
	from := max(end-n, 0)
	return all[from:end], from > 0, nil
}

// FileChanges implements tui.Transcript.
func (f *Fake) FileChanges(_ context.Context, id string) ([]tui.FileChange, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.files[id], nil
}

// Queue implements tui.PromptQueue.
func (f *Fake) Queue(id string) []agent.QueuedPrompt {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]agent.QueuedPrompt(nil), f.queue[id]...)
}

// RemoveQueued implements tui.PromptQueue.
func (f *Fake) RemoveQueued(ctx context.Context, sessionID, messageID string) error {
	f.mu.Lock()
	q := f.queue[sessionID]
	i := slices.IndexFunc(q, func(p agent.QueuedPrompt) bool { return p.MessageID == messageID })
	if i >= 0 {
		q = slices.Delete(q, i, i+1)
		f.queue[sessionID] = q
		f.removeMessage(sessionID, messageID)
	}
	q = append([]agent.QueuedPrompt(nil), q...)
	f.mu.Unlock()
	if i >= 0 {
		f.publishAgent(ctx, agent.Event{Type: agent.EventQueueChanged, SessionID: sessionID, Queue: q})
	}
	return nil
}

func (f *Fake) removeMessage(sessionID, id string) {
	msgs := f.messages[sessionID]
	if i := slices.IndexFunc(msgs, func(m message.Message) bool { return m.ID == id }); i >= 0 {
		f.messages[sessionID] = slices.Delete(msgs, i, i+1)
	}
}

// SubscribeMessages implements tui.Events.
func (f *Fake) SubscribeMessages(ctx context.Context) <-chan pubsub.Event[message.Message] {
	return f.msgB.Subscribe(ctx)
}

// SubscribeSessions implements tui.Events.
func (f *Fake) SubscribeSessions(ctx context.Context) <-chan pubsub.Event[session.Session] {
	return f.sessB.Subscribe(ctx)
}

// SubscribeAgent implements tui.Events.
func (f *Fake) SubscribeAgent(ctx context.Context) <-chan pubsub.Event[agent.Event] {
	return f.agentB.Subscribe(ctx)
}

// SubscribePermissions implements tui.Events.
func (f *Fake) SubscribePermissions(ctx context.Context) <-chan pubsub.Event[permission.Request] {
	return f.permB.Subscribe(ctx)
}

// Subscribed reports whether the bridge has subscribed to every broker.
func (f *Fake) Subscribed() bool {
	return f.msgB.SubscriberCount() > 0 && f.sessB.SubscriberCount() > 0 &&
		f.agentB.SubscriberCount() > 0 && f.permB.SubscriberCount() > 0
}

// save stores a message (insert or replace) and publishes it. Streaming
// updates may be dropped like the real broker does; other changes are
// delivered, waiting up to a few seconds even after ctx is cancelled.
func (f *Fake) save(ctx context.Context, m message.Message) message.Message {
	m.Parts = slices.Clone(m.Parts) // subscribers get their own copy
	f.mu.Lock()
	m.UpdatedAt = f.now()
	if m.CreatedAt == 0 {
		m.CreatedAt = m.UpdatedAt
	}
	msgs := f.messages[m.SessionID]
	typ := pubsub.Created
	if i := slices.IndexFunc(msgs, func(x message.Message) bool { return x.ID == m.ID }); i >= 0 {
		msgs[i] = m
		typ = pubsub.Updated
	} else {
		f.messages[m.SessionID] = append(msgs, m)
	}
	f.mu.Unlock()
	if typ == pubsub.Updated && m.Status == message.StatusStreaming {
		f.msgB.Publish(typ, m)
		return m
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = f.msgB.PublishWait(wctx, typ, m)
	return m
}

// publishAgent delivers an agent event like save delivers messages.
func (f *Fake) publishAgent(ctx context.Context, e agent.Event) {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = f.agentB.PublishWait(wctx, pubsub.Created, e)
}

// Emit publishes an agent event as the Coordinator would (failover, info,
// summarizing …), for tests of how the TUI shows them.
func (f *Fake) Emit(ctx context.Context, e agent.Event) { f.publishAgent(ctx, e) }
