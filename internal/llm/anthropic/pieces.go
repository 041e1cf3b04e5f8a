package anthropic

import (
	"encoding/binary"
	"sync"

	"github.com/honecode/hone/internal/llm"
)

// maxPieces bounds the bytes (keys and JSON) a pieces cache keeps; past
// it the cache starts over.
const maxPieces = 16 << 20

// pieces keeps the JSON the SDK made of the messages, tools and system
// blocks of recent requests, keyed by everything each was made from. A
// tool loop sends the same history at every step, one call and one
// result longer; with the cache a step encodes only its new messages and
// the two that carry the cache-control marks. It is safe for concurrent
// use; a kept piece is never changed.
type pieces struct {
	mu   sync.Mutex
	m    map[string][]byte
	size int
}

// get returns the piece kept under key, or encodes it with enc and keeps
// it.
func (c *pieces) get(key []byte, enc func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	raw, ok := c.m[string(key)]
	c.mu.Unlock()
	if ok {
		return raw, nil
	}
	raw, err := enc()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || c.size+len(key)+len(raw) > maxPieces {
		c.m, c.size = map[string][]byte{}, 0
	}
	c.m[string(key)] = raw
	c.size += len(key) + len(raw)
	return raw, nil
}

// Key kinds: the first byte of a key.
const (
	keyMessage = 'm'
	keyTool    = 't'
	keySystem  = 's'
)

// messageKey appends to b everything an API message's JSON depends on:
// the messages merged into it, every field of their parts that
// contentBlocks may read, and whether it is one of the last two
// messages, which carry the cache-control marks (markCache). Fields are
// length-prefixed, so two different messages never share a key.
func messageKey(b []byte, msgs []llm.Message, last bool) []byte {
	b = appendFlag(append(b, keyMessage), last)
	for i := range msgs {
		m := &msgs[i]
		b = appendField(b, string(m.Role))
		b = binary.AppendUvarint(b, uint64(len(m.Parts)))
		for j := range m.Parts {
			p := &m.Parts[j]
			for _, f := range [...]string{string(p.Type), p.Text, p.Signature, p.Encrypted, p.ReasoningID, p.Provider,
				p.MediaType, string(p.Data), p.ToolCallID, p.ToolName, p.Input, p.InputError} {
				b = appendField(b, f)
			}
			b = appendFlag(b, p.IsError)
		}
	}
	return b
}

// toolKey appends to b what a tool's JSON depends on.
func toolKey(b []byte, d llm.ToolDef, marked bool) []byte {
	b = appendFlag(append(b, keyTool), marked)
	b = appendField(b, d.Name)
	b = appendField(b, d.Description)
	return appendField(b, string(d.Schema))
}

// systemKey appends to b what a system block's JSON depends on.
func systemKey(b []byte, text string, marked bool) []byte {
	return appendField(appendFlag(append(b, keySystem), marked), text)
}

func appendField(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendFlag(b []byte, f bool) []byte {
	if f {
		return append(b, 1)
	}
	return append(b, 0)
}
