package openaicompat

import (
	"bytes"
	"unicode/utf8"
)

// A streamed answer is thousands of chunks that are byte for byte the
// same but for the text of the delta: same id, model, created time, same
// keys in the same order. repeatChunk keeps, from the last chunk the fast
// path decoded, the bytes before and after that text and what the chunk
// decoded to. A chunk with the same bytes around a plain string body is
// valid JSON of the same shape (a string body swapped for another) and
// decodes to the same chunk with that text, so it is read with two
// comparisons and one pass over the text instead of a parse.

// contentSpan notes where, in the chunk decodeFast reads, the content
// string of a delta lies (the offsets of its quotes), and how many
// content values the chunk has (only a chunk with exactly one is kept).
type contentSpan struct {
	open, close int
	n           int
}

// note records raw, a value read for content that ended at end.
func (sp *contentSpan) note(raw []byte, end int) {
	sp.n++
	sp.open, sp.close = end-len(raw), end-1
	if len(raw) < 2 || raw[0] != '"' || bytes.IndexByte(raw, '\\') >= 0 {
		sp.open = -1 // not a plain string: nothing to swap
	}
}

// repeatChunk is the template: prefix ends with the content's opening
// quote, suffix starts with its closing quote, and decoded is the chunk
// read, with one choice.
type repeatChunk struct {
	ok             bool
	prefix, suffix []byte
	decoded        chunk
}

// keep makes data, just decoded into c with span noted, the template, or
// drops the template when data cannot serve as one.
func (r *repeatChunk) keep(data []byte, c *chunk, span contentSpan) {
	r.ok = span.n == 1 && span.open >= 0 && len(c.Choices) == 1 && c.Usage == nil && c.XGroq == nil && c.Error == nil
	if !r.ok {
		return
	}
	r.prefix = append(r.prefix[:0], data[:span.open+1]...)
	r.suffix = append(r.suffix[:0], data[span.close:]...)
	r.decoded = chunk{ID: c.ID, Choices: []choice{c.Choices[0]}}
}

// decode reads data into c (reusing its choices) when data matches the
// template; false leaves c alone.
func (r *repeatChunk) decode(data []byte, c *chunk) bool {
	if !r.ok || len(data) < len(r.prefix)+len(r.suffix) ||
		!bytes.HasPrefix(data, r.prefix) || !bytes.HasSuffix(data, r.suffix) {
		return false
	}
	text := data[len(r.prefix) : len(data)-len(r.suffix)]
	for _, b := range text {
		if b == '"' || b == '\\' || b < 0x20 {
			return false
		}
	}
	if !utf8.Valid(text) {
		return false // encoding/json would replace the bad bytes
	}
	ch := r.decoded.Choices[0]
	ch.Delta.Content = flexText(text)
	*c = chunk{ID: r.decoded.ID, Choices: append(c.Choices[:0], ch)}
	return true
}
