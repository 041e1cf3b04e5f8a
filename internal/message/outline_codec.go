package message

import (
	"encoding/binary"

	"github.com/honecode/hone/internal/llm"
)

// The stored outline is a compact binary record, read without escapes or
// a parser: a version byte, then the fields in a fixed order, strings as
// a uvarint length and their bytes, numbers as varints. A record of
// another version, or one that does not parse to its last byte, is
// ignored and the message read whole, so changing the layout only needs
// a new version.
const outlineVersion = 1

// encodeOutline returns o's stored form.
func encodeOutline(o Outline) []byte {
	n := 64
	for _, p := range o.Parts {
		n += 48 + len(p.Text.Head) + len(p.Input.Head) + len(p.ToolName) + len(p.InputError)
	}
	b := make([]byte, 0, n)
	b = append(b, outlineVersion)
	b = appendStrings(b, o.ID, string(o.Role), string(o.Status), o.Model, o.Provider,
		string(o.FinishReason))
	b = appendBool(b, o.IsSummary)
	b = binary.AppendVarint(b, o.CreatedAt)
	b = binary.AppendUvarint(b, uint64(len(o.Parts)))
	for _, p := range o.Parts {
		b = appendStrings(b, string(p.Type), p.ToolName, p.InputError, p.MediaType, string(p.Reason))
		b = appendBool(b, p.IsError)
		b = binary.AppendUvarint(b, uint64(p.DataLen))
		b = appendClip(appendClip(b, p.Text), p.Input)
	}
	return b
}

func appendStrings(b []byte, ss ...string) []byte {
	for _, s := range ss {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

func appendClip(b []byte, c Clip) []byte {
	b = appendStrings(b, c.Head)
	for _, n := range []int{c.Len, c.Newlines, c.Trailing} {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return b
}

// outlineReader reads a stored outline; bad turns true at the first byte
// it cannot read. Strings are substrings of s, the record.
type outlineReader struct {
	s   string
	i   int
	bad bool
}

// decodeOutline reads a stored outline; false when it is not one of this
// version.
func decodeOutline(rec string) (Outline, bool) {
	if len(rec) == 0 || rec[0] != outlineVersion {
		return Outline{}, false
	}
	r := &outlineReader{s: rec, i: 1}
	var o Outline
	o.ID, o.Role, o.Status = r.str(), llm.Role(r.str()), Status(r.str())
	o.Model, o.Provider, o.FinishReason = r.str(), r.str(), llm.FinishReason(r.str())
	o.IsSummary = r.boolean()
	o.CreatedAt = r.varint()
	n := r.count()
	if r.bad {
		return Outline{}, false
	}
	o.Parts = make([]OutlinePart, n)
	for i := range o.Parts {
		p := &o.Parts[i]
		p.Type, p.ToolName, p.InputError = llm.PartType(r.str()), r.str(), r.str()
		p.MediaType, p.Reason = r.str(), llm.FinishReason(r.str())
		p.IsError = r.boolean()
		p.DataLen = r.size()
		p.Text, p.Input = r.clip(), r.clip()
	}
	return o, !r.bad && r.i == len(r.s)
}

func (r *outlineReader) uvarint() uint64 {
	if r.bad {
		return 0
	}
	var v uint64
	for shift := uint(0); shift < 64 && r.i < len(r.s); shift += 7 {
		c := r.s[r.i]
		r.i++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.bad = true
	return 0
}

func (r *outlineReader) varint() int64 {
	u := r.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// count reads a number of items, each of which takes at least a byte
// of what is left of the record.
func (r *outlineReader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.s)-r.i) {
		r.bad = true
		return 0
	}
	return int(n)
}

// size reads a size or a count of bytes of a string.
func (r *outlineReader) size() int {
	n := r.uvarint()
	if n > 1<<48 {
		r.bad = true
		return 0
	}
	return int(n)
}

func (r *outlineReader) str() string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.s)-r.i) {
		r.bad = true
		return ""
	}
	s := r.s[r.i : r.i+int(n)]
	r.i += int(n)
	return s
}

func (r *outlineReader) boolean() bool {
	if r.bad || r.i >= len(r.s) || r.s[r.i] > 1 {
		r.bad = true
		return false
	}
	r.i++
	return r.s[r.i-1] == 1
}

func (r *outlineReader) clip() Clip {
	c := Clip{Head: r.str(), Len: r.size(), Newlines: r.size(), Trailing: r.size()}
	whole := c.Whole() && c.Newlines == 0 && c.Trailing == 0
	cut := c.Len > len(c.Head) && validHead(c.Head) &&
		c.Trailing <= c.Newlines && c.Newlines <= c.Len
	if !whole && !cut {
		r.bad = true
	}
	return c
}
