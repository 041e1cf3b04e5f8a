package sdkbody

import (
	"bytes"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

// TestMessagesKeyCoversParts fails when llm.Part gains a field:
// MessagesKey must then take it in, or this test must say why it need
// not (no adapter sends it).
func TestMessagesKeyCoversParts(t *testing.T) {
	t.Parallel()
	notSent := map[string]bool{"Meta": true, "Reason": true, "FinishedAt": true}
	names, parts := llmtest.PartFields()
	if len(names) != 16 {
		t.Fatalf("llm.Part has %d fields; MessagesKey knows 16: take the new ones in", len(names))
	}
	zero := MessagesKey(nil, []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{{}}}})
	for i, p := range parts {
		one := MessagesKey(nil, []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{p}}})
		if !notSent[names[i]] && bytes.Equal(one, zero) {
			t.Errorf("MessagesKey ignores field %s", names[i])
		}
	}
}

// TestKeysAreUnambiguous: fields are length-prefixed, so moving a byte
// from one field to the next changes the key.
func TestKeysAreUnambiguous(t *testing.T) {
	t.Parallel()
	a := ToolKey(nil, llm.ToolDef{Name: "ab", Description: "c"})
	b := ToolKey(nil, llm.ToolDef{Name: "a", Description: "bc"})
	if bytes.Equal(a, b) {
		t.Fatal("two tools share a key")
	}
}

// TestPiecesKeepAndStartOver: a kept piece is not encoded again, and the
// cache starts over past its bound.
func TestPiecesKeepAndStartOver(t *testing.T) {
	t.Parallel()
	var c Pieces
	calls := 0
	enc := func() ([]byte, error) { calls++; return bytes.Repeat([]byte("x"), 1<<20), nil }
	for range 2 {
		if _, err := c.Get([]byte("k"), enc); err != nil {
			t.Fatal(err)
		}
	}
	if calls != 1 {
		t.Fatalf("encoded %d times, want once", calls)
	}
	for i := range 20 {
		_, _ = c.Get([]byte{byte(i)}, enc)
	}
	if c.size > maxPieces {
		t.Fatalf("the cache holds %d bytes, over its bound %d", c.size, maxPieces)
	}
}
