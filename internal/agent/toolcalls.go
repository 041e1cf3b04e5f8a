package agent

import (
	"context"
	"sync"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// notRunText answers a call skipped because the turn was cancelled first.
const notRunText = "interrupted: the turn was cancelled before this tool call ran"

// runTools runs the calls of assistant message msg through the toolset:
// consecutive read-only calls together in parallel, every other call on its
// own, in order. The results are stored in call order as one tool message,
// in one transaction with the operation row of the call that finished
// last (see runBatch). It returns false when the turn was cancelled
// meanwhile.
func (t *turn) runTools(ctx context.Context, msg message.Message, calls []llm.Part) bool {
	results := make([]*tools.Result, len(calls))
	var last *session.Operation
	for i := 0; i < len(calls) && ctx.Err() == nil; {
		t.writeOp(last)
		j := i + 1
		if t.parallel(calls[i]) {
			for j < len(calls) && t.parallel(calls[j]) {
				j++
			}
		}
		last = t.runBatch(ctx, msg.ID, calls[i:j], results[i:j])
		i = j
	}
	denied := false
	for i, r := range results {
		if r == nil {
			continue
		}
		t.guard.add(calls[i], r.Content, r.IsError)
		if t.spec.tools.Policy(calls[i].ToolName) == tools.PolicyWrite {
			t.writes++
			if r.Denied {
				t.writesDenied++
			}
		}
		if r.Denied {
			denied = true
			t.mu.Lock()
			t.res.Denials++
			t.mu.Unlock()
		}
	}
	t.lastDeny = denied
	t.route.observeResults(calls, results)
	t.answerUnrun(msg, calls, results, last)
	return ctx.Err() == nil
}

// parallel reports whether call may run alongside other read-only calls.
func (t *turn) parallel(call llm.Part) bool {
	return call.InputError == "" && t.spec.tools.Policy(call.ToolName) == tools.PolicyReadOnly
}

// runBatch runs calls (one, or read-only calls in parallel) and writes
// the operation rows of the calls that finish while others still run. It
// returns the row of the call that finished last (nil when none ran or no
// rows are kept), which the caller stores with the tool message or before
// the next batch: no row waits on a call that is still running.
func (t *turn) runBatch(ctx context.Context, msgID string, calls []llm.Part, out []*tools.Result) *session.Operation {
	if len(calls) == 1 {
		var op *session.Operation
		out[0], op = t.runCall(ctx, msgID, calls[0])
		return op
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		left = len(calls)
		last *session.Operation
	)
	for i := range calls {
		wg.Go(func() {
			var op *session.Operation
			out[i], op = t.runCall(ctx, msgID, calls[i])
			mu.Lock()
			left--
			done := left == 0
			if done {
				last = op
			}
			mu.Unlock()
			if !done {
				t.writeOp(op)
			}
		})
	}
	wg.Wait()
	return last
}

// runCall runs one call and returns its result and operation row (nil
// when rows are not kept); a call with malformed arguments is answered
// with an error result without running.
func (t *turn) runCall(ctx context.Context, msgID string, call llm.Part) (*tools.Result, *session.Operation) {
	t.c.publish(ctx, Event{Type: EventToolStarted, SessionID: t.sessionID, Call: &call})
	start := time.Now()
	started := t.c.cfg.Now().UnixMilli()
	var res tools.Result
	if call.InputError != "" {
		res = tools.ErrorResult("invalid arguments for " + call.ToolName + ": " + call.InputError +
			". Send the call again with a JSON object of arguments that matches the tool's schema.")
	} else {
		cctx := tools.WithCall(ctx, tools.CallContext{SessionID: t.sessionID, MessageID: msgID, CallID: call.ToolCallID})
		res = t.runHooked(ctx, permission.WithAllowRules(cctx, t.spec.allow), call)
	}
	op := t.operation(msgID, call, res, started, time.Since(start))
	part := resultPart(call, res)
	t.c.publish(ctx, Event{Type: EventToolFinished, SessionID: t.sessionID, Call: &call, ResultPart: &part, Denied: res.Denied})
	return &res, op
}

// answerUnrun stores the tool message answering calls: results[i] when
// the call ran, an interrupted result otherwise (results may be nil),
// together with op, the operation row not yet written (may be nil).
func (t *turn) answerUnrun(msg message.Message, calls []llm.Part, results []*tools.Result, op *session.Operation) {
	parts := make([]llm.Part, 0, len(calls))
	for i, call := range calls {
		if results != nil && results[i] != nil {
			parts = append(parts, resultPart(call, *results[i]))
			parts = append(parts, extraImages(call, *results[i])...)
			continue
		}
		p := interruptedResult(call)
		if results != nil {
			p.Text = notRunText
		}
		parts = append(parts, p)
	}
	now := t.c.cfg.Now().UnixMilli()
	m := message.Message{
		SessionID: t.sessionID, Role: llm.RoleTool, Parts: parts,
		Status: message.StatusDone, CreatedAt: now, UpdatedAt: now, FinishedAt: now,
	}
	t.storeToolMessage(&m, op)
	t.appendHist(m)
	t.pending += estimateParts(parts)
}

// storeToolMessage gives the tool message m its id (so that the history
// holds it at once) and keeps it, with op, the operation row not yet
// written (may be nil), for startToolWrite: the next request is built
// and sent before it is stored, and the write, which the model's answer
// takes far longer than, is off the path from the tool's result to that
// request. Whatever the turn stores next waits for it (awaitToolWrite),
// so the session's order is kept. A crash in between leaves the calls
// without their results, which the next load repairs as interrupted.
func (t *turn) storeToolMessage(m *message.Message, op *session.Operation) {
	id, err := message.NewID()
	if err != nil {
		t.c.log.Error("store tool results", "session", t.sessionID, "err", err)
		t.writeOp(op)
		return
	}
	m.ID = id
	t.writeMu.Lock()
	t.unstored = append(t.unstored, unstoredTool{msg: *m, op: op})
	t.writeMu.Unlock()
}

// unstoredTool is a tool message storeToolMessage keeps for
// startToolWrite.
type unstoredTool struct {
	msg message.Message
	op  *session.Operation
}

// startToolWrite begins storing the kept tool messages, in order, in the
// background (nothing when none is kept). It runs once the next request
// has been written to its connection (llm.WhenSent), so that the write
// neither delays nor contends with anything before it: the queued-prompt
// check, building, encoding and sending the request.
func (t *turn) startToolWrite() {
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	if len(t.unstored) == 0 {
		return
	}
	kept := t.unstored
	t.unstored = nil
	prev := t.writing
	done := make(chan struct{})
	t.writing = done
	go func() {
		defer close(done)
		if prev != nil {
			<-prev
		}
		for _, u := range kept {
			t.storeNow(u)
		}
	}()
}

// storeNow stores a kept tool message with its operation row.
func (t *turn) storeNow(u unstoredTool) {
	var also []message.Also
	if u.op != nil {
		also = append(also, t.c.deps.Operations.OperationWrite(*u.op))
	}
	if _, err := t.c.deps.Messages.CreateWith(t.store, u.msg, also...); err != nil {
		t.c.log.Error("store tool results", "session", t.sessionID, "err", err)
		t.writeOp(u.op) // the row on its own, rather than not at all
	}
}

// awaitToolWrite stores the kept tool messages, if any, and waits until
// they are. Safe from any goroutine (the step writer's included).
func (t *turn) awaitToolWrite() {
	t.startToolWrite()
	t.writeMu.Lock()
	done := t.writing
	t.writeMu.Unlock()
	if done != nil {
		<-done
	}
}

// resultPart is the stored tool_result of call; the first image of the
// result travels in the part itself.
func resultPart(call llm.Part, r tools.Result) llm.Part {
	content := r.Content
	if content == "" && !r.IsError {
		content = "(no output)"
	}
	p := llm.ToolResult(call.ToolCallID, call.ToolName, content, r.IsError)
	p.Meta = displayMeta(r.Display)
	if len(r.Images) > 0 {
		p.MediaType, p.Data = r.Images[0].MediaType, r.Images[0].Data
	}
	return p
}

// extraImages are a result's further images, as image parts tagged with
// the call id.
func extraImages(call llm.Part, r tools.Result) []llm.Part {
	if len(r.Images) < 2 {
		return nil
	}
	out := make([]llm.Part, 0, len(r.Images)-1)
	for _, img := range r.Images[1:] {
		img.Type = llm.PartImage
		img.ToolCallID = call.ToolCallID
		out = append(out, img)
	}
	return out
}

// operation is the operation row of a call that ran; nil when the turn
// keeps no rows.
func (t *turn) operation(msgID string, call llm.Part, res tools.Result, started int64, took time.Duration) *session.Operation {
	if t.c.deps.Operations == nil {
		return nil
	}
	outcome := session.OutcomeOK
	switch {
	case res.Denied:
		outcome = session.OutcomeDenied
	case res.IsError:
		outcome = session.OutcomeError
	case res.Artifact != "":
		outcome = session.OutcomeTruncated
	}
	return &session.Operation{
		SessionID: t.sessionID, MessageID: msgID, CallID: call.ToolCallID, Kind: session.OpTool,
		Name: call.ToolName, Outcome: outcome, LatencyMS: took.Milliseconds(),
		ResultBytes: int64(len(res.Content)), StartedAt: started,
	}
}

// writeOp stores an operation row on its own (nil: nothing).
func (t *turn) writeOp(op *session.Operation) {
	if op == nil {
		return
	}
	if err := t.c.deps.Operations.AddOperation(t.store, *op); err != nil {
		t.c.log.Error("record tool call", "session", t.sessionID, "err", err)
	}
}
