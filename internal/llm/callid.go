package llm

import (
	"encoding/hex"
	"math/rand/v2"
)

// NewCallID returns a fresh tool-call id: "call_" and 24 random hex
// digits, which every provider accepts when it is sent back.
func NewCallID() string {
	var b [12]byte
	for i := range b {
		b[i] = byte(rand.Uint32())
	}
	return "call_" + hex.EncodeToString(b[:])
}

// CallIDs keeps the tool-call ids of one response unique: providers have
// been seen sending none, or the same one for several calls, and a call
// must be told apart from its neighbours before anything runs. The zero
// value is ready to use.
type CallIDs struct {
	seen map[string]bool
}

// Use returns id when it is not empty and new to this response, and a
// fresh id otherwise; either way the returned id counts as used.
func (c *CallIDs) Use(id string) string {
	if c.seen == nil {
		c.seen = make(map[string]bool)
	}
	if id == "" || c.seen[id] {
		id = NewCallID()
		for c.seen[id] {
			id = NewCallID()
		}
	}
	c.seen[id] = true
	return id
}

// Seen reports whether id was used.
func (c *CallIDs) Seen(id string) bool { return c.seen[id] }
