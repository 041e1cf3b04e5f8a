package fake

import (
	"context"
	"fmt"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// streamer plays one turn to the caller.
type streamer struct {
	ctx        context.Context
	yield      func(llm.Event, error) bool
	turn       int
	sent       int
	produced   int
	chunkDelay time.Duration
	calls      int
	usage      *llm.Usage
	reason     llm.FinishReason
	stopped    bool
}

func (s *streamer) run(turn Turn) {
	for _, it := range turn {
		if s.stopped {
			return
		}
		if it.kind == kindError {
			e := it.err
			s.fail(&e)
			return
		}
		s.play(it)
	}
	if s.stopped {
		return
	}
	u := s.finalUsage()
	if !s.emit(llm.Event{Type: llm.EventUsage, Usage: u}) {
		return
	}
	s.emit(llm.Event{Type: llm.EventFinish, Reason: s.finishReason()})
}

func (s *streamer) play(it Item) {
	switch it.kind {
	case kindText:
		s.chunks(it.text, it.chunk, func(c string) llm.Event { return llm.Event{Type: llm.EventTextDelta, Text: c} })
	case kindReasoning:
		s.reasoning(it)
	case kindToolCall:
		s.toolCall(it)
	case kindUsage:
		u := it.usage
		s.usage = &u
	case kindFinish:
		s.reason = it.reason
	case kindDelay:
		s.sleep(it.delay)
	case kindChunkDelay:
		s.chunkDelay = it.delay
	case kindReset:
		s.emit(llm.Event{Type: llm.EventReset})
	case kindWait:
		s.waitFor(it.wait)
	case kindSignal:
		close(it.signal)
	}
}

func (s *streamer) reasoning(it Item) {
	s.chunks(it.text, it.chunk, func(c string) llm.Event { return llm.Event{Type: llm.EventReasoningDelta, Text: c} })
	p := llm.Part{Type: llm.PartReasoning, Text: it.text, Signature: it.sig, Provider: "fake"}
	s.emit(llm.Event{Type: llm.EventReasoningEnd, Part: &p})
}

func (s *streamer) toolCall(it Item) {
	s.calls++
	id := it.id
	if id == "" {
		id = fmt.Sprintf("fake_%d_%d", s.turn, s.calls)
	}
	if !s.emit(llm.Event{Type: llm.EventToolCallStart, ToolCallID: id, ToolName: it.name}) {
		return
	}
	s.chunks(it.text, it.chunk, func(c string) llm.Event {
		return llm.Event{Type: llm.EventToolCallDelta, ToolCallID: id, ToolName: it.name, Text: c}
	})
	p := llm.ToolCallPart(id, it.name, it.text)
	s.emit(llm.Event{Type: llm.EventToolCallEnd, ToolCallID: id, ToolName: it.name, Part: &p})
}

// chunks emits text as deltas of n runes (one delta when n <= 0).
func (s *streamer) chunks(text string, n int, mk func(string) llm.Event) {
	s.produced += len(text)
	if n <= 0 {
		s.emit(mk(text))
		return
	}
	r := []rune(text)
	for len(r) > 0 && !s.stopped {
		k := min(n, len(r))
		s.emit(mk(string(r[:k])))
		r = r[k:]
	}
}

// emit delivers ev after the chunk delay; false once the caller stopped or
// the context ended.
func (s *streamer) emit(ev llm.Event) bool {
	if s.stopped {
		return false
	}
	if s.chunkDelay > 0 && !s.sleep(s.chunkDelay) {
		return false
	}
	if s.ctx.Err() != nil {
		s.fail(llm.ContextError(s.ctx))
		return false
	}
	if !s.yield(ev, nil) {
		s.stopped = true
	}
	return !s.stopped
}

func (s *streamer) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.ctx.Done():
		s.fail(llm.ContextError(s.ctx))
		return false
	}
}

func (s *streamer) waitFor(ch <-chan struct{}) {
	select {
	case <-ch:
	case <-s.ctx.Done():
		s.fail(llm.ContextError(s.ctx))
	}
}

func (s *streamer) fail(err *llm.Error) {
	if s.stopped {
		return
	}
	s.stopped = true
	s.yield(llm.Event{}, err)
}

func (s *streamer) finalUsage() llm.Usage {
	if s.usage != nil {
		return *s.usage
	}
	return llm.Usage{Input: int64(s.sent+3) / 4, Output: int64(s.produced+3) / 4}
}

func (s *streamer) finishReason() llm.FinishReason {
	if s.reason != "" {
		return s.reason
	}
	if s.calls > 0 {
		return llm.FinishToolUse
	}
	return llm.FinishStop
}
