package tuitest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/tui"
)

// Run implements tui.Agent like the Coordinator: a prompt for a busy
// session is queued and Run returns at once; otherwise Run plays scripted
// turns (folding queued prompts into follow-up turns) until done.
func (f *Fake) Run(ctx context.Context, sessionID, prompt string, atts []tui.Attachment) error {
	f.mu.Lock()
	call := RunCall{SessionID: sessionID, Prompt: prompt, Attachments: atts}
	if _, busy := f.running[sessionID]; busy {
		call.Queued = true
		f.runs = append(f.runs, call)
		id := f.nextID("msg")
		f.queue[sessionID] = append(f.queue[sessionID], agent.QueuedPrompt{MessageID: id, Text: prompt})
		q := append([]agent.QueuedPrompt(nil), f.queue[sessionID]...)
		f.mu.Unlock()
		f.save(ctx, message.Message{ID: id, SessionID: sessionID, Role: llm.RoleUser, Status: message.StatusQueued, Parts: userParts(prompt, atts)})
		f.publishAgent(ctx, agent.Event{Type: agent.EventQueueChanged, SessionID: sessionID, Queue: q})
		return nil
	}
	f.runs = append(f.runs, call)
	tctx, cancel := context.WithCancel(ctx)
	f.running[sessionID] = cancel
	userID := f.nextID("msg")
	f.mu.Unlock()

	f.publishAgent(ctx, agent.Event{Type: agent.EventTurnStarted, SessionID: sessionID})
	f.save(ctx, message.Message{ID: userID, SessionID: sessionID, Role: llm.RoleUser, Status: message.StatusDone, Parts: userParts(prompt, atts)})
	res := f.loop(tctx, sessionID)
	cancel()
	f.mu.Lock()
	delete(f.running, sessionID)
	f.mu.Unlock()
	f.publishAgent(ctx, agent.Event{Type: agent.EventTurnFinished, SessionID: sessionID, Result: &res})
	return nil
}

// userParts stores the prompt first and each attachment after it, as the
// agent does.
func userParts(prompt string, atts []tui.Attachment) []llm.Part {
	var parts []llm.Part
	if prompt != "" {
		parts = append(parts, llm.Text(prompt))
	}
	for _, a := range atts {
		if a.IsImage() {
			parts = append(parts, llm.Part{Type: llm.PartImage, MediaType: a.MediaType, Data: a.Data})
		} else {
			parts = append(parts, llm.Text(fmt.Sprintf("<attachment name=%q>\n%s\n</attachment>", a.Name, a.Data)))
		}
	}
	return parts
}

// loop plays turns until one ends the run or no prompt is queued.
func (f *Fake) loop(ctx context.Context, sessionID string) agent.Result {
	for {
		reason, err := f.playTurn(ctx, sessionID, f.nextTurn())
		if reason != agent.ExitDone {
			return agent.Result{SessionID: sessionID, Reason: reason, Err: err}
		}
		if !f.foldQueue(ctx, sessionID) {
			return agent.Result{SessionID: sessionID, Reason: agent.ExitDone}
		}
	}
}

func (f *Fake) nextTurn() Turn {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.script) == 0 {
		return Turn{Text("ok")}
	}
	t := f.script[0]
	f.script = f.script[1:]
	return t
}

// foldQueue turns queued prompts into ordinary user messages; it reports
// whether there were any.
func (f *Fake) foldQueue(ctx context.Context, sessionID string) bool {
	f.mu.Lock()
	q := f.queue[sessionID]
	delete(f.queue, sessionID)
	f.mu.Unlock()
	if len(q) == 0 {
		return false
	}
	for _, p := range q {
		if m, ok := f.stored(sessionID, p.MessageID); ok {
			m.Status = message.StatusDone
			f.save(ctx, m)
		}
	}
	f.publishAgent(ctx, agent.Event{Type: agent.EventQueueChanged, SessionID: sessionID})
	return true
}

// stored returns a stored message by id.
func (f *Fake) stored(sessionID, id string) (message.Message, bool) {
	for _, m := range f.StoredMessages(sessionID) {
		if m.ID == id {
			return m, true
		}
	}
	return message.Message{}, false
}

// turnState is the assistant message being written.
type turnState struct {
	f    *Fake
	ctx  context.Context
	sess string
	msg  *message.Message
}

func (t *turnState) ensure() *message.Message {
	if t.msg == nil {
		t.f.mu.Lock()
		id := t.f.nextID("msg")
		t.f.mu.Unlock()
		m := t.f.save(t.ctx, message.Message{ID: id, SessionID: t.sess, Role: llm.RoleAssistant, Status: message.StatusStreaming})
		t.msg = &m
	}
	return t.msg
}

func (t *turnState) finish(reason llm.FinishReason, text string) {
	if t.msg == nil {
		return
	}
	t.msg.Status = message.StatusDone
	t.msg.FinishReason = reason
	t.msg.Parts = append(t.msg.Parts, llm.Part{Type: llm.PartFinish, Reason: reason, Text: text})
	t.f.save(t.ctx, *t.msg)
	t.msg = nil
}

// playTurn performs one scripted turn.
func (f *Fake) playTurn(ctx context.Context, sessionID string, turn Turn) (agent.ExitReason, error) {
	t := &turnState{f: f, ctx: ctx, sess: sessionID}
	for _, st := range turn {
		switch {
		case st.text != "":
			t.stream(llm.PartText, st.text)
		case st.reasoning != "":
			t.stream(llm.PartReasoning, st.reasoning)
		case st.block:
			t.ensure()
			<-ctx.Done()
		case st.fail != "":
			t.ensure()
			t.finish(llm.FinishError, st.fail)
			return agent.ExitError, errors.New(st.fail)
		case st.tool != nil:
			t.tool(*st.tool)
		}
		if ctx.Err() != nil {
			t.finish(llm.FinishCanceled, "")
			return agent.ExitCanceled, nil
		}
	}
	t.finish(llm.FinishStop, "")
	return agent.ExitDone, nil
}

// stream appends s to the message in small deltas.
func (t *turnState) stream(typ llm.PartType, s string) {
	m := t.ensure()
	if n := len(m.Parts); n == 0 || m.Parts[n-1].Type != typ {
		m.Parts = append(m.Parts, llm.Part{Type: typ})
	}
	r := []rune(s)
	for i := 0; i < len(r) && t.ctx.Err() == nil; i += 6 {
		m.Parts[len(m.Parts)-1].Text += string(r[i:min(i+6, len(r))])
		t.f.save(t.ctx, *m)
		if t.f.Delta > 0 {
			select {
			case <-time.After(t.f.Delta):
			case <-t.ctx.Done():
			}
		}
	}
}

// tool issues a call, asks permission when scripted, and stores the
// result in a tool message; the assistant message ends with the call.
func (t *turnState) tool(ts ToolStep) {
	m := t.ensure()
	t.f.mu.Lock()
	callID := t.f.nextID("call")
	t.f.mu.Unlock()
	call := llm.Part{Type: llm.PartToolCall, ToolCallID: callID, ToolName: ts.Name, Input: ts.Input}
	m.Parts = append(m.Parts, call)
	t.f.save(t.ctx, *m)
	t.finish(llm.FinishToolUse, "")
	t.f.publishAgent(t.ctx, agent.Event{Type: agent.EventToolStarted, SessionID: t.sess, Call: &call})
	result := t.f.runTool(t.ctx, t.sess, call, ts)
	t.f.mu.Lock()
	id := t.f.nextID("msg")
	t.f.mu.Unlock()
	t.f.save(t.ctx, message.Message{ID: id, SessionID: t.sess, Role: llm.RoleTool, Status: message.StatusDone, Parts: []llm.Part{result}})
	t.f.publishAgent(t.ctx, agent.Event{Type: agent.EventToolFinished, SessionID: t.sess, Call: &call, ResultPart: &result})
}

func (f *Fake) runTool(ctx context.Context, sessionID string, call llm.Part, ts ToolStep) llm.Part {
	if ts.Ask != nil {
		r, ok := f.ask(ctx, sessionID, call, ts)
		if !ok {
			return llm.ToolResult(call.ToolCallID, call.ToolName, "interrupted", true)
		}
		if r.Answer == permission.Deny {
			text := "permission denied by the user"
			if r.Feedback != "" {
				text += ": " + r.Feedback
			}
			return llm.ToolResult(call.ToolCallID, call.ToolName, text, true)
		}
	}
	if ts.OnAllow != nil {
		ts.OnAllow()
	}
	p := llm.ToolResult(call.ToolCallID, call.ToolName, ts.Result, ts.IsError)
	if ts.Display.Kind != "" {
		p.Meta, _ = json.Marshal(ts.Display)
	}
	return p
}

// ask publishes the permission request and waits for its answer; ok is
// false when the turn was cancelled first.
func (f *Fake) ask(ctx context.Context, sessionID string, call llm.Part, ts ToolStep) (Response, bool) {
	req := *ts.Ask
	ch := make(chan Response, 1)
	f.mu.Lock()
	req.ID = f.nextID("perm")
	f.answers[req.ID] = ch
	f.mu.Unlock()
	req.SessionID, req.ToolName, req.CallID = sessionID, call.ToolName, call.ToolCallID
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = f.permB.PublishWait(wctx, pubsub.Created, req)
	select {
	case r := <-ch:
		f.permB.Publish(pubsub.Deleted, req)
		return r, true
	case <-ctx.Done():
		f.mu.Lock()
		delete(f.answers, req.ID)
		f.mu.Unlock()
		_ = f.permB.PublishWait(wctx, pubsub.Deleted, req)
		return Response{}, false
	}
}

// Escalate implements tui.Agent: it records the session in Escalated
// and reports what SetRouting said (default false: routing off).
func (f *Fake) Escalate(sessionID string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.escalated = append(f.escalated, sessionID)
	return f.routing
}

// SetRouting sets whether routing escalate is on.
func (f *Fake) SetRouting(on bool) {
	f.mu.Lock()
	f.routing = on
	f.mu.Unlock()
}

// Escalated returns the sessions Escalate was called for.
func (f *Fake) Escalated() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.escalated...)
}

// Cancel implements tui.Agent.
func (f *Fake) Cancel(sessionID string) {
	f.mu.Lock()
	cancel := f.running[sessionID]
	f.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// IsBusy implements tui.Agent.
func (f *Fake) IsBusy(sessionID string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, ok := f.running[sessionID]
	return ok
}

// Summarize implements tui.Agent.
func (f *Fake) Summarize(ctx context.Context, sessionID, focus string) error {
	f.mu.Lock()
	f.focuses = append(f.focuses, focus)
	f.mu.Unlock()
	f.publishAgent(ctx, agent.Event{Type: agent.EventSummarizing, SessionID: sessionID})
	f.publishAgent(ctx, agent.Event{Type: agent.EventSummarized, SessionID: sessionID})
	return nil
}

// UndoLastTurn implements tui.Agent: it reports the changed files of the
// session as restored.
func (f *Fake) UndoLastTurn(_ context.Context, sessionID string) (tui.UndoResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var res tui.UndoResult
	for _, ch := range f.files[sessionID] {
		res.Restored = append(res.Restored, ch.Path)
	}
	delete(f.files, sessionID)
	return res, nil
}

var _ tui.Backend = (*Fake)(nil)
