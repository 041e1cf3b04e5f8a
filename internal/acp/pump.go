package acp

import (
	"context"
	"encoding/json"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// pump forwards one session's events to the client in the order they
// happened: agent events as updates, permission requests as
// session/request_permission, todo changes as a plan (just before the
// update completing the call that made them) and title changes as
// session-info updates.
type pump struct {
	s         *acpSession
	events    <-chan pubsub.Event[agent.Event]
	requests  <-chan pubsub.Event[permission.Request]
	decisions <-chan pubsub.Event[permission.Decision]
	sessions  <-chan pubsub.Event[session.Session]
	tr        *translator
	perms     *permBridge
	todos     string // JSON of the plan last sent
	title     string
}

// newPump subscribes at once, so nothing of the first turn is missed.
func newPump(ctx context.Context, s *acpSession, sess session.Session) *pump {
	return &pump{
		s:         s,
		events:    s.ws.Agent.Subscribe(ctx),
		requests:  s.ws.Perms.Subscribe(ctx),
		decisions: s.ws.Perms.SubscribeDecisions(ctx),
		sessions:  s.ws.Sessions.Subscribe(ctx),
		tr:        newTranslator(s.ws.Tools, s.ws.WorkDir),
		perms:     newPermBridge(s),
		todos:     todosKey(sess.Todos),
		title:     sess.Title,
	}
}

// run forwards until ctx ends or the Coordinator closes.
func (p *pump) run(ctx context.Context) {
	defer p.perms.stop()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-p.events:
			if !ok {
				return
			}
			p.agentEvent(ctx, ev.Payload)
		case ev, ok := <-p.requests:
			if !ok {
				p.requests = nil
				continue
			}
			// The call's tool_call update must reach the client first.
			p.drainEvents(ctx)
			p.perms.ask(ctx, ev.Payload, p.tr)
		case ev, ok := <-p.decisions:
			if !ok {
				p.decisions = nil
				continue
			}
			p.perms.settled(ev.Payload)
		case ev, ok := <-p.sessions:
			if !ok {
				p.sessions = nil
				continue
			}
			p.sessionEvent(ctx, ev.Payload)
		}
	}
}

// drainEvents forwards the agent events already waiting.
func (p *pump) drainEvents(ctx context.Context) {
	for {
		select {
		case ev, ok := <-p.events:
			if !ok {
				return
			}
			p.agentEvent(ctx, ev.Payload)
		default:
			return
		}
	}
}

func (p *pump) agentEvent(ctx context.Context, ev agent.Event) {
	if ev.SessionID != p.s.id {
		return // another session, or a sub-agent's child session
	}
	if ev.Type == agent.EventToolFinished {
		p.syncPlan(ctx)
	}
	for _, u := range p.tr.translate(ev) {
		p.s.update(ctx, u)
	}
	if ev.Type == agent.EventTurnFinished {
		p.s.turnEnded()
	}
}

// syncPlan sends the plan when the session's todo list changed.
func (p *pump) syncPlan(ctx context.Context) {
	sess, err := p.s.ws.Sessions.Resolve(ctx, p.s.id)
	if err != nil {
		p.s.log.Debug("acp: read todo list", "session", p.s.id, "err", err)
		return
	}
	if key := todosKey(sess.Todos); key != p.todos {
		p.todos = key
		p.s.update(ctx, planUpdate(sess.Todos))
	}
}

// sessionEvent sends the title when it was set.
func (p *pump) sessionEvent(ctx context.Context, sess session.Session) {
	if sess.ID != p.s.id {
		return
	}
	if sess.Title != "" && sess.Title != p.title {
		p.title = sess.Title
		p.s.update(ctx, sdk.SessionUpdate{SessionInfoUpdate: &sdk.SessionSessionInfoUpdate{
			SessionUpdate: "session_info_update", Title: sdk.Ptr(sess.Title),
		}})
	}
}

// planUpdate is the todo list as an ACP plan.
func planUpdate(todos []tools.Todo) sdk.SessionUpdate {
	entries := make([]sdk.PlanEntry, 0, len(todos))
	for _, t := range todos {
		st := sdk.PlanEntryStatusPending
		switch t.Status {
		case "in_progress":
			st = sdk.PlanEntryStatusInProgress
		case "completed":
			st = sdk.PlanEntryStatusCompleted
		}
		entries = append(entries, sdk.PlanEntry{Content: t.Content, Priority: sdk.PlanEntryPriorityMedium, Status: st})
	}
	return sdk.SessionUpdate{Plan: &sdk.SessionUpdatePlan{SessionUpdate: "plan", Entries: entries}}
}

func todosKey(todos []tools.Todo) string {
	if len(todos) == 0 {
		return ""
	}
	b, _ := json.Marshal(todos)
	return string(b)
}
