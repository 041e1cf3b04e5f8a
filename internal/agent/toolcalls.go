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
	var also []message.Also
	if op != nil {
		also = append(also, t.c.deps.Operations.OperationWrite(*op))
	}
	m, err := t.c.deps.Messages.CreateWith(t.store, message.Message{
		SessionID: t.sessionID, Role: llm.RoleTool, Parts: parts,
		Status: message.StatusDone, CreatedAt: now, FinishedAt: now,
	}, also...)
	if err != nil {
		t.c.log.Error("store tool results", "session", t.sessionID, "err", err)
		m = message.Message{SessionID: t.sessionID, Role: llm.RoleTool, Parts: parts, Status: message.StatusDone}
		t.writeOp(op) // the row on its own, rather than not at all
	}
	t.appendHist(m)
	t.pending += estimateParts(parts)
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
