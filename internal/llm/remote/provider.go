package remote

import (
	"context"
	"encoding/json"
	"iter"
	"net/http"

	"github.com/honecode/hone/internal/llm"
)

// provider is an llm.Provider whose calls run in the helper.
type provider struct {
	h    *Host
	spec Spec
	hc   *http.Client
}

// Stream sends req to the helper and yields the events it sends back.
func (p *provider) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
	return func(yield func(llm.Event, error) bool) {
		c, err := p.h.live()
		if err != nil {
			yield(llm.Event{}, p.fail(&llm.Error{Kind: llm.KindBadRequest, Message: err.Error(), Err: err}))
			return
		}
		msg, err := json.Marshal(callMsg{Spec: p.spec, Request: req})
		if err != nil {
			yield(llm.Event{}, p.fail(&llm.Error{Kind: llm.KindBadRequest, Message: "remote: encode the request: " + err.Error(), Err: err}))
			return
		}
		call := c.begin(ctx, p.hc)
		defer c.end(call)
		if err := c.out.send(frameCall, call.id, 0, msg); err != nil {
			yield(llm.Event{}, p.fail(c.goneError()))
			return
		}
		p.relay(ctx, c, call, yield)
	}
}

// relay yields the call's frames as events until its end.
func (p *provider) relay(ctx context.Context, c *conn, call *hostCall, yield func(llm.Event, error) bool) {
	for {
		f, err := call.q.pop(ctx, c.dead)
		if err != nil {
			if ctx.Err() != nil {
				c.cancel(call)
				yield(llm.Event{}, p.fail(llm.ContextError(ctx)))
				return
			}
			yield(llm.Event{}, p.fail(c.goneError()))
			return
		}
		var ev llm.Event
		switch f.Type {
		case frameText:
			ev = llm.Event{Type: llm.EventTextDelta, Text: string(f.Payload)}
		case frameReasoning:
			ev = llm.Event{Type: llm.EventReasoningDelta, Text: string(f.Payload)}
		case frameEvent:
			var w wireEvent
			if err := json.Unmarshal(f.Payload, &w); err != nil {
				c.cancel(call)
				yield(llm.Event{}, p.fail(&llm.Error{Kind: llm.KindUnknown, Message: "remote: event: " + err.Error(), Err: err}))
				return
			}
			ev = w.event()
		case frameDone:
			if len(f.Payload) > 0 {
				yield(llm.Event{}, p.fail(p.endError(ctx, call, f.Payload)))
			}
			return
		default:
			continue
		}
		if !yield(ev, nil) {
			c.cancel(call)
			return
		}
	}
}

// endError is the error a call ended with. A transport failure of a
// forwarded request is classified again from the real error, which only
// this process has (its type, its wrapped causes).
func (p *provider) endError(ctx context.Context, call *hostCall, payload []byte) *llm.Error {
	var w wireError
	if err := json.Unmarshal(payload, &w); err != nil {
		return &llm.Error{Kind: llm.KindUnknown, Message: "remote: call error: " + err.Error(), Err: err}
	}
	if real := call.realErr(); w.Forwarded && real != nil {
		e := llm.TransportError(ctx, real)
		e.Provider = w.Provider
		return e
	}
	return w.llmError()
}

// fail stamps e with the provider's name.
func (p *provider) fail(e *llm.Error) *llm.Error {
	if e.Provider == "" {
		e.Provider = p.spec.Name
	}
	return e
}
