package message

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/honecode/hone/internal/llm"
)

// A tool result's display (Part.Meta, tools.Display as JSON) usually
// repeats the result's text in its "body": bash output, fetched pages,
// agent answers are the same text, grep and bash add a line before or
// after it. Stored as is, every result would be written twice. So the
// body is stored as a reference into the part's text instead:
//
//	"body@text":true       the whole text (what migration 00005 writes)
//	"body@text":[i,j]      the bytes text[i:j]
//
// in the body's place, and restored when the row is read, byte for byte.
// Only a body whose JSON is exactly what encoding/json writes for it is
// replaced, so the restored Meta equals the one stored.
const (
	bodyKey = `"body":`
	refKey  = `"body@text":`
	// minShared is the shortest body worth a reference.
	minShared = 64
)

// shareBodies returns parts with each tool result's display body replaced
// by a reference into its text where possible; parts is not modified.
func shareBodies(parts []llm.Part) []llm.Part {
	var out []llm.Part
	for i, p := range parts {
		meta, ok := shareBody(p)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]llm.Part(nil), parts...)
		}
		out[i].Meta = meta
	}
	if out == nil {
		return parts
	}
	return out
}

func shareBody(p llm.Part) (json.RawMessage, bool) {
	if p.Type != llm.PartToolResult || len(p.Text) < minShared || len(p.Meta) == 0 ||
		!utf8.ValidString(p.Text) || bytes.Contains(p.Meta, []byte(refKey)) {
		return nil, false
	}
	start, end, ok := bodyValue(p.Meta)
	if !ok || end-start < minShared {
		return nil, false
	}
	var body string
	if json.Unmarshal(p.Meta[start:end], &body) != nil {
		return nil, false
	}
	i := strings.Index(p.Text, body)
	if i < 0 || len(body) < minShared {
		return nil, false
	}
	if enc, err := json.Marshal(body); err != nil || !bytes.Equal(enc, p.Meta[start:end]) {
		return nil, false
	}
	ref := "true"
	if i != 0 || len(body) != len(p.Text) {
		ref = "[" + strconv.Itoa(i) + "," + strconv.Itoa(i+len(body)) + "]"
	}
	keyAt := start - len(bodyKey)
	meta := make([]byte, 0, len(p.Meta)-(end-keyAt)+len(refKey)+len(ref))
	meta = append(append(append(meta, p.Meta[:keyAt]...), refKey...), ref...)
	return append(meta, p.Meta[end:]...), true
}

// bodyValue locates the JSON string value of the top-level-looking
// "body" key in compact JSON meta: [start, end) spans the quoted string.
// A key is only recognised after '{' or ',', which inside a string
// cannot precede an unescaped quote.
func bodyValue(meta []byte) (int, int, bool) {
	for off := 0; ; {
		k := bytes.Index(meta[off:], []byte(bodyKey))
		if k < 0 {
			return 0, 0, false
		}
		k += off
		off = k + len(bodyKey)
		if k == 0 || (meta[k-1] != '{' && meta[k-1] != ',') || off >= len(meta) || meta[off] != '"' {
			continue
		}
		end, ok := stringEnd(meta, off)
		return off, end, ok
	}
}

// stringEnd returns the index just past the JSON string starting at
// b[start] (a quote).
func stringEnd(b []byte, start int) (int, bool) {
	for i := start + 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		}
	}
	return 0, false
}

// restoreBodies puts back the display bodies shareBodies replaced, in
// place.
func restoreBodies(parts []llm.Part) {
	for i, p := range parts {
		if p.Type != llm.PartToolResult || !bytes.Contains(p.Meta, []byte(refKey)) {
			continue
		}
		if meta, ok := restoreBody(p); ok {
			parts[i].Meta = meta
		}
	}
}

func restoreBody(p llm.Part) (json.RawMessage, bool) {
	k := bytes.Index(p.Meta, []byte(refKey))
	v := k + len(refKey)
	var (
		body string
		end  int
	)
	switch {
	case bytes.HasPrefix(p.Meta[v:], []byte("true")):
		body, end = p.Text, v+len("true")
	case bytes.HasPrefix(p.Meta[v:], []byte("[")):
		c := bytes.IndexByte(p.Meta[v:], ']')
		if c < 0 {
			return nil, false
		}
		var r [2]int
		if json.Unmarshal(p.Meta[v:v+c+1], &r) != nil || r[0] < 0 || r[0] > r[1] || r[1] > len(p.Text) {
			return nil, false
		}
		body, end = p.Text[r[0]:r[1]], v+c+1
	default:
		return nil, false
	}
	enc, err := json.Marshal(body)
	if err != nil {
		return nil, false
	}
	meta := make([]byte, 0, len(p.Meta)+len(enc))
	meta = append(append(append(meta, p.Meta[:k]...), bodyKey...), enc...)
	return append(meta, p.Meta[end:]...), true
}
