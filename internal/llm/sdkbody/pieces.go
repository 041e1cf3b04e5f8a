package sdkbody

import (
	"encoding/binary"
	"sync"

	"github.com/honecode/hone/internal/llm"
)

// maxPieces bounds the bytes (keys and JSON) a Pieces cache keeps; past
// it the cache starts over.
const maxPieces = 16 << 20

// Pieces keeps the JSON the SDK made of the pieces of recent request
// bodies (messages, tools, system blocks), keyed by everything each was
// made from. A tool loop sends the same history at every step, one call
// and one result longer; with the cache a step encodes only what is new.
// It is safe for concurrent use; a kept piece is never changed. The zero
// value is ready.
type Pieces struct {
	mu   sync.Mutex
	m    map[string][]byte
	size int
}

// Get returns the piece kept under key, or encodes it with enc and keeps
// it.
func (c *Pieces) Get(key []byte, enc func() ([]byte, error)) ([]byte, error) {
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

// MessagesKey appends to b every field of msgs an adapter may send: the
// roles and, of each part, every field but Meta, Reason and FinishedAt,
// which no adapter sends. Fields are length-prefixed, so different
// messages never share a key. An adapter adds what else its piece depends
// on (a kind byte first, flags).
func MessagesKey(b []byte, msgs []llm.Message) []byte {
	for i := range msgs {
		m := &msgs[i]
		b = AppendField(b, string(m.Role))
		b = binary.AppendUvarint(b, uint64(len(m.Parts)))
		for j := range m.Parts {
			p := &m.Parts[j]
			for _, f := range [...]string{string(p.Type), p.Text, p.Signature, p.Encrypted, p.ReasoningID, p.Provider,
				p.MediaType, p.ToolCallID, p.ToolName, p.Input, p.InputError} {
				b = AppendField(b, f)
			}
			b = AppendField(b, p.Data) // not string(p.Data): a copy of every image at every step
			b = AppendFlag(b, p.IsError)
		}
	}
	return b
}

// ToolKey appends to b what a tool's JSON is made from.
func ToolKey(b []byte, d llm.ToolDef) []byte {
	b = AppendField(b, d.Name)
	b = AppendField(b, d.Description)
	return AppendField(b, string(d.Schema))
}

// AppendField appends s, length-prefixed (a []byte without converting
// it to a string, which would copy it).
func AppendField[T string | []byte](b []byte, s T) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// AppendFlag appends f as one byte.
func AppendFlag(b []byte, f bool) []byte {
	if f {
		return append(b, 1)
	}
	return append(b, 0)
}
