package fake

import (
	"encoding/json"
	"time"

	"github.com/honecode/hone/internal/llm"
)

type itemKind int

const (
	kindText itemKind = iota
	kindReasoning
	kindToolCall
	kindError
	kindUsage
	kindFinish
	kindDelay
	kindChunkDelay
	kindReset
	kindWait
	kindSignal
)

// Item is one scripted piece of a model turn. Build items with the
// functions of this package (Text, ToolCall, Error …) and refine them with
// the methods (Chunked, WithID, RetryAfter …).
type Item struct {
	kind   itemKind
	text   string
	chunk  int
	name   string
	id     string
	sig    string
	err    llm.Error
	delay  time.Duration
	usage  llm.Usage
	reason llm.FinishReason
	wait   <-chan struct{}
	signal chan struct{}
}

// Turn is the scripted answer to one request: its items are streamed in
// order. Without a Finish item the turn ends with tool_use when it made a
// tool call and stop otherwise; without a Usage item the usage is estimated
// as a quarter of the characters sent and produced. An Error item ends the
// turn with that error (items after it are ignored).
type Turn []Item

// Text streams s as assistant text (one delta; see Chunked).
func Text(s string) Item { return Item{kind: kindText, text: s} }

// Reasoning streams s as reasoning, then ends the reasoning part.
func Reasoning(s string) Item { return Item{kind: kindReasoning, text: s} }

// ToolCall calls the tool name with args encoded as JSON (nil args send
// "{}").
func ToolCall(name string, args map[string]any) Item {
	in := "{}"
	if args != nil {
		b, err := json.Marshal(args)
		if err != nil {
			panic("fake: tool call args: " + err.Error())
		}
		in = string(b)
	}
	return Item{kind: kindToolCall, name: name, text: in}
}

// RawToolCall calls the tool name with input verbatim, so tests can send
// malformed JSON; the finished part is built with llm.ToolCallPart like a
// real adapter's.
func RawToolCall(name, input string) Item {
	return Item{kind: kindToolCall, name: name, text: input}
}

// Error ends the turn with a classified provider error of kind.
func Error(kind llm.ErrorKind) Item {
	return Item{kind: kindError, err: llm.Error{Kind: kind, Status: statusOf(kind), Provider: "fake", Message: "scripted " + string(kind)}}
}

// Usage reports u as the turn's token usage.
func Usage(u llm.Usage) Item { return Item{kind: kindUsage, usage: u} }

// Finish ends the turn with reason instead of the default.
func Finish(reason llm.FinishReason) Item { return Item{kind: kindFinish, reason: reason} }

// Delay pauses the stream for d at this point (cut short by cancellation).
func Delay(d time.Duration) Item { return Item{kind: kindDelay, delay: d} }

// ChunkDelay pauses d before every later event of the turn.
func ChunkDelay(d time.Duration) Item { return Item{kind: kindChunkDelay, delay: d} }

// Reset yields llm.EventReset, as a retrying wrapper does before it
// replays a call.
func Reset() Item { return Item{kind: kindReset} }

// WaitFor blocks the stream until ch is closed or the request is cancelled.
func WaitFor(ch <-chan struct{}) Item { return Item{kind: kindWait, wait: ch} }

// Signal closes ch when the stream reaches this point, so a test knows
// what the caller has received.
func Signal(ch chan struct{}) Item { return Item{kind: kindSignal, signal: ch} }

// Chunked splits a text, reasoning or tool-call item into deltas of n
// runes each.
func (i Item) Chunked(n int) Item {
	i.chunk = n
	return i
}

// WithID sets the id of a tool call (default "fake_T_N": turn T, call N).
func (i Item) WithID(id string) Item {
	i.id = id
	return i
}

// WithSignature sets the signature of a reasoning item.
func (i Item) WithSignature(sig string) Item {
	i.sig = sig
	return i
}

// RetryAfter sets the retry-after an error item reports.
func (i Item) RetryAfter(d time.Duration) Item {
	i.err.RetryAfter = d
	return i
}

// WithMessage sets the message of an error item.
func (i Item) WithMessage(msg string) Item {
	i.err.Message = msg
	return i
}

// statusOf is the HTTP status a real provider would send for kind.
func statusOf(kind llm.ErrorKind) int {
	switch kind {
	case llm.KindRateLimit:
		return 429
	case llm.KindOverloaded:
		return 529
	case llm.KindServer:
		return 500
	case llm.KindAuth:
		return 401
	case llm.KindBilling:
		return 402
	case llm.KindBadRequest, llm.KindContextOverflow:
		return 400
	}
	return 0
}
