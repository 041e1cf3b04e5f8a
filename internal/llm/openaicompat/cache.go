package openaicompat

import (
	"bytes"
	"sync"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/sdkbody"
)

// cacheEntries is how many request bodies a Client remembers: the main
// conversation's and those of the sub-agents, titles and summaries that
// run beside it.
const cacheEntries = 4

// bodyCache remembers the last request bodies a Client sent, so the next
// step of a conversation copies the pieces it shares with one of them
// (tools, system prompt, the history so far) instead of encoding them
// again. Entries are never changed once stored.
type bodyCache struct {
	mu     sync.Mutex
	recent []*encoding // newest first
}

// lookup returns the entry whose conversation shares the longest prefix
// with req's (nil when none shares a message) and the newest entry with
// req's tools (nil when none).
func (c *bodyCache) lookup(req *llm.Request) (msgs, tools *encoding) {
	c.mu.Lock()
	defer c.mu.Unlock()
	best := 0
	for _, e := range c.recent {
		if k := commonPrefix(e.msgs, req.Messages); k > best {
			msgs, best = e, k
		}
		if tools == nil && toolsEqual(e.tools, req.Tools) {
			tools = e
		}
	}
	return msgs, tools
}

// store remembers e, in place of base, the entry it was built on.
func (c *bodyCache) store(e, base *encoding) {
	if e == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]*encoding, 0, cacheEntries)
	out = append(out, e)
	for _, old := range c.recent {
		if old != base && len(out) < cacheEntries {
			out = append(out, old)
		}
	}
	c.recent = out
}

// encoding is one request body and what reusing its pieces needs: the
// conversation it encodes and where each wire message ends in it.
type encoding struct {
	system     string
	key        sdkbody.Key
	skel       skeletonParts
	msgs       []llm.Message // copies, parts included
	wire       []wireEnd
	body       []byte
	arrayStart int // offset of the messages array in body
	tools      []llm.ToolDef
	toolsJSON  []byte
}

// wireEnd is an encoded wire message: how it was planned, and the offset
// in body just after it.
type wireEnd struct {
	src       int
	kind      wireKind
	reasoning bool
	end       int
}

// reusable is how many of wire's first messages e encoded the same way
// (0 for a nil e), k the number of conversation messages both share. The
// system prompt must be the same. An assistant or
// tool message depends on the conversation message src that emitted it,
// which must be within the prefix both share; a user message holds the
// user content gathered before src only, so the prefix must reach src,
// and src must be the same (the same messages were gathered).
func (e *encoding) reusable(system string, k int, wire []wireMsg) int {
	if e == nil || e.system != system {
		return 0
	}
	n := 0
	for n < len(wire) && n < len(e.wire) {
		w, o := &wire[n], &e.wire[n]
		limit := k
		if w.kind == wireUser {
			limit = k + 1
		}
		if w.src >= limit || w.src != o.src || w.kind != o.kind || w.reasoning != o.reasoning {
			break
		}
		n++
	}
	return n
}

// appendMessages appends the messages array of wire to body, copying
// what prev (which shares k conversation messages) encoded the same way,
// and records the ends in e.
func (e *encoding) appendMessages(body []byte, wire []wireMsg, prev *encoding, k int) ([]byte, error) {
	n := prev.reusable(e.system, k, wire)
	body = append(body, '[')
	if n > 0 {
		from := prev.arrayStart + 1
		shift := len(body) - from
		body = append(body, prev.body[from:prev.wire[n-1].end]...)
		for _, w := range prev.wire[:n] {
			w.end += shift
			e.wire = append(e.wire, w)
		}
	}
	var err error
	for i := n; i < len(wire); i++ {
		if i > 0 {
			body = append(body, ',')
		}
		w := &wire[i]
		if body, err = sdkbody.Piece(body, messageParam(w, e.system)); err != nil {
			return nil, err
		}
		e.wire = append(e.wire, wireEnd{src: w.src, kind: w.kind, reasoning: w.reasoning, end: len(body)})
	}
	return append(body, ']'), nil
}

// commonPrefix is the number of leading messages a and b share.
func commonPrefix(a, b []llm.Message) int {
	n := 0
	for n < len(a) && n < len(b) && messageEqual(&a[n], &b[n]) {
		n++
	}
	return n
}

func messageEqual(a, b *llm.Message) bool {
	if a.Role != b.Role || len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		if !partEqual(&a.Parts[i], &b.Parts[i]) {
			return false
		}
	}
	return true
}

// partEqual compares every field of two parts (TestPartEqualCoversFields
// fails when llm.Part gains one this does not compare).
func partEqual(a, b *llm.Part) bool {
	return a.Type == b.Type && a.Text == b.Text && a.Signature == b.Signature &&
		a.Encrypted == b.Encrypted && a.ReasoningID == b.ReasoningID && a.Provider == b.Provider &&
		a.MediaType == b.MediaType && bytes.Equal(a.Data, b.Data) && a.ToolCallID == b.ToolCallID &&
		a.ToolName == b.ToolName && a.Input == b.Input && a.InputError == b.InputError &&
		a.IsError == b.IsError && bytes.Equal(a.Meta, b.Meta) && a.Reason == b.Reason &&
		a.FinishedAt == b.FinishedAt
}

// copyMessages copies msgs and their parts, so that a caller reusing its
// slices cannot change what an entry says it encoded; the first k, which
// prev holds, are prev's copies.
func copyMessages(msgs []llm.Message, prev *encoding, k int) []llm.Message {
	out := make([]llm.Message, len(msgs))
	if k > 0 {
		copy(out, prev.msgs[:k])
	}
	n := 0
	for _, m := range msgs[k:] {
		n += len(m.Parts)
	}
	parts := make([]llm.Part, 0, n)
	for i := k; i < len(msgs); i++ {
		start := len(parts)
		parts = append(parts, msgs[i].Parts...)
		out[i] = llm.Message{Role: msgs[i].Role, Parts: parts[start:len(parts):len(parts)]}
	}
	return out
}

func toolsEqual(a, b []llm.ToolDef) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Description != b[i].Description || !bytes.Equal(a[i].Schema, b[i].Schema) {
			return false
		}
	}
	return true
}

// copyTools copies defs, schemas included; prev's copy when it has the
// same tools.
func copyTools(defs []llm.ToolDef, prev *encoding) []llm.ToolDef {
	if prev != nil && toolsEqual(prev.tools, defs) {
		return prev.tools
	}
	out := make([]llm.ToolDef, len(defs))
	for i, d := range defs {
		d.Schema = bytes.Clone(d.Schema)
		out[i] = d
	}
	return out
}
