package anthropic

import (
	"strings"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
)

// providerType is stamped on reasoning parts this adapter produces, so that
// only this adapter sends them back.
const providerType = "anthropic"

// blockKind is the type of an open content block.
type blockKind int

const (
	blockOther blockKind = iota // server tools, citations…: ignored
	blockText
	blockThinking
	blockRedacted
	blockToolUse
)

// block accumulates one content block between its start and stop events.
type block struct {
	kind     blockKind
	open     bool
	id, name string
	text     strings.Builder // thinking text or tool input JSON
	sig      strings.Builder
	data     string // redacted thinking payload
}

// yieldFunc is the consumer of a Stream.
type yieldFunc = func(llm.Event, error) bool

// decoder turns Messages API stream events into llm events. Its zero value
// is ready to use.
type decoder struct {
	blocks   []*block
	ids      llm.CallIDs
	usage    llm.Usage
	reason   llm.FinishReason
	finished bool // message_stop seen and EventFinish yielded
}

// handle applies one stream event. It returns false when the consumer
// stopped ranging.
func (d *decoder) handle(ev *anthropic.MessageStreamEventUnion, yield yieldFunc) bool {
	switch ev.Type {
	case "message_start":
		u := ev.Message.Usage
		d.usage = llm.Usage{
			Input:      u.InputTokens,
			Output:     u.OutputTokens,
			CacheRead:  u.CacheReadInputTokens,
			CacheWrite: u.CacheCreationInputTokens,
		}
	case "content_block_start":
		return d.start(ev.Index, &ev.ContentBlock, yield)
	case "content_block_delta":
		return d.delta(ev.Index, &ev.Delta, yield)
	case "content_block_stop":
		return d.stop(ev.Index, yield)
	case "message_delta":
		d.messageDelta(ev)
	case "message_stop":
		return d.finish(yield)
	}
	return true
}

// blockAt returns the block with index i, growing the table as needed.
func (d *decoder) blockAt(i int64) *block {
	if i < 0 {
		i = 0
	}
	for int64(len(d.blocks)) <= i {
		d.blocks = append(d.blocks, &block{})
	}
	return d.blocks[i]
}

func (d *decoder) start(i int64, cb *anthropic.ContentBlockStartEventContentBlockUnion, yield yieldFunc) bool {
	b := d.blockAt(i)
	*b = block{open: true}
	switch cb.Type {
	case "text":
		b.kind = blockText
		if cb.Text != "" {
			return yield(llm.Event{Type: llm.EventTextDelta, Text: cb.Text}, nil)
		}
	case "thinking":
		b.kind = blockThinking
		b.sig.WriteString(cb.Signature)
		if cb.Thinking != "" {
			b.text.WriteString(cb.Thinking)
			return yield(llm.Event{Type: llm.EventReasoningDelta, Text: cb.Thinking}, nil)
		}
	case "redacted_thinking":
		b.kind = blockRedacted
		b.data = cb.Data
	case "tool_use":
		b.kind = blockToolUse
		b.id, b.name = d.ids.Use(cb.ID), cb.Name
		return yield(llm.Event{Type: llm.EventToolCallStart, ToolCallID: b.id, ToolName: b.name}, nil)
	case "web_search_tool_result":
		return webSearchResults(cb, yield)
	}
	return true
}

func (d *decoder) delta(i int64, dl *anthropic.MessageStreamEventUnionDelta, yield yieldFunc) bool {
	b := d.blockAt(i)
	switch dl.Type {
	case "text_delta":
		if dl.Text != "" {
			return yield(llm.Event{Type: llm.EventTextDelta, Text: dl.Text}, nil)
		}
	case "thinking_delta":
		if dl.Thinking != "" {
			b.text.WriteString(dl.Thinking)
			return yield(llm.Event{Type: llm.EventReasoningDelta, Text: dl.Thinking}, nil)
		}
	case "signature_delta":
		b.sig.WriteString(dl.Signature)
	case "citations_delta":
		return webCitation(&dl.Citation, yield)
	case "input_json_delta":
		if dl.PartialJSON != "" {
			b.text.WriteString(dl.PartialJSON)
			return yield(llm.Event{Type: llm.EventToolCallDelta, ToolCallID: b.id, ToolName: b.name, Text: dl.PartialJSON}, nil)
		}
	}
	return true
}

// stop closes block i, yielding its finished Part when it has one.
func (d *decoder) stop(i int64, yield yieldFunc) bool {
	b := d.blockAt(i)
	if !b.open {
		return true
	}
	b.open = false
	switch b.kind {
	case blockThinking:
		p := &llm.Part{Type: llm.PartReasoning, Text: b.text.String(), Signature: b.sig.String(), Provider: providerType}
		return yield(llm.Event{Type: llm.EventReasoningEnd, Part: p}, nil)
	case blockRedacted:
		p := &llm.Part{Type: llm.PartReasoning, Encrypted: b.data, Provider: providerType}
		return yield(llm.Event{Type: llm.EventReasoningEnd, Part: p}, nil)
	case blockToolUse:
		p := llm.ToolCallPart(b.id, b.name, b.text.String())
		return yield(llm.Event{Type: llm.EventToolCallEnd, ToolCallID: b.id, ToolName: b.name, Part: &p}, nil)
	}
	return true
}

// messageDelta records the stop reason and the usage totals. Output
// tokens are always present; the input counts only in newer API versions.
func (d *decoder) messageDelta(ev *anthropic.MessageStreamEventUnion) {
	if ev.Delta.StopReason != "" {
		d.reason = finishReason(ev.Delta.StopReason)
	}
	u := &ev.Usage
	if u.JSON.OutputTokens.Valid() {
		d.usage.Output = u.OutputTokens
	}
	if u.JSON.InputTokens.Valid() {
		d.usage.Input = u.InputTokens
	}
	if u.JSON.CacheReadInputTokens.Valid() {
		d.usage.CacheRead = u.CacheReadInputTokens
	}
	if u.JSON.CacheCreationInputTokens.Valid() {
		d.usage.CacheWrite = u.CacheCreationInputTokens
	}
}

// finish closes blocks left open, then yields usage and the finish event.
func (d *decoder) finish(yield yieldFunc) bool {
	for i, b := range d.blocks {
		if b.open && !d.stop(int64(i), yield) {
			return false
		}
	}
	d.finished = true
	if !yield(llm.Event{Type: llm.EventUsage, Usage: d.usage}, nil) {
		return false
	}
	reason := d.reason
	if reason == "" {
		reason = llm.FinishStop
	}
	return yield(llm.Event{Type: llm.EventFinish, Reason: reason}, nil)
}

// finishReason maps an API stop_reason.
func finishReason(r anthropic.StopReason) llm.FinishReason {
	switch r {
	case "tool_use":
		return llm.FinishToolUse
	case "max_tokens", "model_context_window_exceeded":
		return llm.FinishMaxTokens
	case "refusal":
		return llm.FinishContentFilter
	default: // end_turn, stop_sequence, pause_turn
		return llm.FinishStop
	}
}
