// Package tuibackend adapts the App's services to the TUI's Backend
// interface. It is glue only: every decision lives in the services.
package tuibackend

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/app"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui"
)

// Backend implements tui.Backend over an App whose services are built.
type Backend struct {
	app   *app.App
	coord *agent.Coordinator
	store *app.Store
	perms *permission.Service
}

var _ tui.Backend = (*Backend)(nil)

// New builds the services the TUI needs. It works without a usable
// provider (the TUI then shows onboarding).
func New(ctx context.Context, a *app.App) (*Backend, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	coord, err := a.Agent(ctx)
	if err != nil {
		return nil, err
	}
	perms, err := a.Permissions(ctx)
	if err != nil {
		return nil, err
	}
	// MCP servers connect in the background; the TUI never waits for them.
	if err := a.StartServers(ctx); err != nil {
		return nil, err
	}
	return &Backend{app: a, coord: coord, store: st, perms: perms}, nil
}

// Run sends the prompt. Only a failure to start is returned: the turn's
// own result reaches the TUI with agent.EventTurnFinished.
func (b *Backend) Run(ctx context.Context, sessionID, prompt string, atts []tui.Attachment) error {
	res, err := b.coord.Run(ctx, sessionID, prompt, attachmentParts(b.app.WorkDir(), atts))
	if err != nil {
		return err
	}
	// A turn's own failure reaches the chat through the agent's events;
	// only a prompt that went to another process's turn is said here.
	if res.Reason == agent.ExitQueued && res.Holder != nil {
		return fmt.Errorf("session busy in process %d on %s (since %s): your prompt was queued into its running turn",
			res.Holder.PID, res.Holder.Hostname, res.Holder.Since.Format("15:04:05"))
	}
	return nil
}

// Retry re-asks the model on the session's history (retry now).
func (b *Backend) Retry(ctx context.Context, sessionID string) error {
	_, err := b.coord.Retry(ctx, sessionID)
	return err
}

// attachmentParts turns attachments into message parts: images as image
// parts, text as a text part naming the file.
func attachmentParts(workDir string, atts []tui.Attachment) []llm.Part {
	out := make([]llm.Part, 0, len(atts))
	for _, a := range atts {
		if a.IsImage() {
			out = append(out, llm.Part{Type: llm.PartImage, MediaType: a.MediaType, Data: a.Data})
			continue
		}
		name := a.Name
		if a.Path != "" {
			if rel, err := filepath.Rel(workDir, a.Path); err == nil {
				name = rel
			}
		}
		out = append(out, llm.Text(fmt.Sprintf("<attachment name=%q>\n%s\n</attachment>", name, a.Data)))
	}
	return out
}

// Cancel stops the session's running turn.
func (b *Backend) Cancel(sessionID string) { b.coord.Cancel(sessionID) }

// Escalate moves the session's turn to the large candidates.
func (b *Backend) Escalate(sessionID string) bool { return b.coord.Escalate(sessionID) }

// IsBusy reports whether the session has a running turn.
func (b *Backend) IsBusy(sessionID string) bool { return b.coord.IsBusy(sessionID) }

// Summarize summarizes the session now.
func (b *Backend) Summarize(ctx context.Context, sessionID, focus string) error {
	return b.coord.SummarizeFocus(ctx, sessionID, focus)
}

// UndoLastTurn restores the files the session's last turn changed.
func (b *Backend) UndoLastTurn(ctx context.Context, sessionID string) (tui.UndoResult, error) {
	r, err := b.store.History.UndoLast(ctx, sessionID)
	if err != nil {
		return tui.UndoResult{}, err
	}
	return tui.UndoResult{Restored: r.Restored, Deleted: r.Deleted}, nil
}

// Queue lists the session's queued prompts.
func (b *Backend) Queue(sessionID string) []agent.QueuedPrompt { return b.coord.Queue(sessionID) }

// RemoveQueued drops a queued prompt; an unknown id is not an error.
func (b *Backend) RemoveQueued(ctx context.Context, sessionID, messageID string) error {
	err := b.coord.RemoveQueued(ctx, sessionID, messageID)
	if errors.Is(err, agent.ErrNotQueued) {
		return nil
	}
	return err
}

// CreateSession starts a session in the project.
func (b *Backend) CreateSession(ctx context.Context) (session.Session, error) {
	return b.store.Sessions.Create(ctx, b.app.WorkDir())
}

// GetSession returns a session by id.
func (b *Backend) GetSession(ctx context.Context, id string) (session.Session, error) {
	return b.store.Sessions.Get(ctx, id)
}

// ListSessions lists the project's top-level sessions, newest first.
func (b *Backend) ListSessions(ctx context.Context) ([]session.Session, error) {
	return b.store.Sessions.List(ctx, session.ListOptions{ProjectDir: b.app.WorkDir()})
}

// LatestSession returns the project's newest session.
func (b *Backend) LatestSession(ctx context.Context) (session.Session, error) {
	return b.store.Sessions.Latest(ctx, b.app.WorkDir())
}

// RenameSession sets a session's title.
func (b *Backend) RenameSession(ctx context.Context, id, title string) error {
	return b.store.Sessions.SetTitle(ctx, id, title)
}

// DeleteSession deletes a session and its records.
func (b *Backend) DeleteSession(ctx context.Context, id string) error {
	return b.store.Sessions.Delete(ctx, id)
}

// MessagesTail returns the session's last n messages and whether older
// ones exist.
func (b *Backend) MessagesTail(ctx context.Context, sessionID string, n int) ([]message.Message, bool, error) {
	return b.store.Messages.ListTail(ctx, sessionID, n)
}

// MessagesBefore returns up to n messages before beforeID and whether
// still older ones exist.
func (b *Backend) MessagesBefore(ctx context.Context, sessionID, beforeID string, n int) ([]message.Message, bool, error) {
	return b.store.Messages.ListBefore(ctx, sessionID, beforeID, n)
}

// FileChanges returns the session's changed files with line counts.
func (b *Backend) FileChanges(ctx context.Context, sessionID string) ([]tui.FileChange, error) {
	stats, err := b.store.History.Changes(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	out := make([]tui.FileChange, 0, len(stats))
	for _, s := range stats {
		path := s.Path
		if rel, err := filepath.Rel(b.app.WorkDir(), path); err == nil {
			path = rel
		}
		out = append(out, tui.FileChange{Path: path, Added: s.Added, Removed: s.Removed})
	}
	return out, nil
}

// SubscribeMessages forwards message events.
func (b *Backend) SubscribeMessages(ctx context.Context) <-chan pubsub.Event[message.Message] {
	return b.store.Messages.Subscribe(ctx)
}

// SubscribeSessions forwards session events.
func (b *Backend) SubscribeSessions(ctx context.Context) <-chan pubsub.Event[session.Session] {
	return b.store.Sessions.Subscribe(ctx)
}

// SubscribeAgent forwards agent events.
func (b *Backend) SubscribeAgent(ctx context.Context) <-chan pubsub.Event[agent.Event] {
	return b.coord.Subscribe(ctx)
}
