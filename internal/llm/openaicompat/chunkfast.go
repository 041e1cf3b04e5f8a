package openaicompat

import (
	"strings"
	"unsafe"

	"github.com/tidwall/gjson"
)

// decodeFast decodes the common chunk: text (or nothing) in the deltas of
// its choices, and no usage, error, reasoning or tool calls. It reads the
// chunk once with gjson instead of encoding/json's reflection, which was
// most of the CPU a long stream cost. ok is false for anything else (and
// for any field whose type or spelling encoding/json would treat
// differently); the caller then decodes with json.Unmarshal, so both paths
// give the same chunk and the same errors.
func decodeFast(data []byte) (c chunk, ok bool) {
	if !gjson.ValidBytes(data) {
		return chunk{}, false
	}
	// The chunk is read in place; the strings kept are copied (clone, or
	// the conversions in flexText).
	root := gjson.Parse(unsafe.String(unsafe.SliceData(data), len(data)))
	if !root.IsObject() {
		return chunk{}, false
	}
	ok = true
	var seen keySet
	root.ForEach(func(k, v gjson.Result) bool {
		if !seen.add(k.Str) {
			ok = false
			return false
		}
		switch k.Str {
		case "id":
			c.ID, ok = plainString(v)
			c.ID = strings.Clone(c.ID)
		case "choices":
			c.Choices, ok = fastChoices(v)
		case "usage", "x_groq", "error":
			ok = v.Type == gjson.Null
		default:
			ok = !foldsTo(k.Str, "id", "choices", "usage", "x_groq", "error")
		}
		return ok
	})
	return c, ok
}

// fastChoices decodes a choices array (or null) of plain text deltas.
func fastChoices(v gjson.Result) ([]choice, bool) {
	if v.Type == gjson.Null {
		return nil, true
	}
	if !v.IsArray() {
		return nil, false
	}
	out := make([]choice, 0, 1) // an empty array decodes to an empty slice, as in encoding/json
	ok := true
	v.ForEach(func(_, el gjson.Result) bool {
		var ch choice
		ch, ok = fastChoice(el)
		out = append(out, ch)
		return ok
	})
	return out, ok
}

// fastChoice decodes one choice object.
func fastChoice(el gjson.Result) (ch choice, ok bool) {
	if !el.IsObject() {
		return choice{}, false
	}
	ok = true
	var seen keySet
	el.ForEach(func(k, v gjson.Result) bool {
		if !seen.add(k.Str) {
			ok = false
			return false
		}
		switch k.Str {
		case "index":
			ch.Index, ok = fastInt(v)
		case "delta":
			ch.Delta, ok = fastDelta(v)
		case "finish_reason":
			ch.FinishReason, ok = plainString(v)
			ch.FinishReason = strings.Clone(ch.FinishReason)
		default:
			ok = !foldsTo(k.Str, "index", "delta", "finish_reason")
		}
		return ok
	})
	return ch, ok
}

// fastDelta decodes a delta that carries at most text content.
func fastDelta(v gjson.Result) (d delta, ok bool) {
	if v.Type == gjson.Null {
		return delta{}, true
	}
	if !v.IsObject() {
		return delta{}, false
	}
	ok = true
	var seen keySet
	v.ForEach(func(k, f gjson.Result) bool {
		if !seen.add(k.Str) {
			ok = false
			return false
		}
		switch k.Str {
		case "content":
			raw := unsafe.Slice(unsafe.StringData(f.Raw), len(f.Raw))
			_ = d.Content.UnmarshalJSON(raw) // the same reading as the slow path; it copies
		case "reasoning_content", "reasoning", "tool_calls":
			ok = f.Type == gjson.Null
		default:
			ok = !foldsTo(k.Str, "content", "reasoning_content", "reasoning", "tool_calls")
		}
		return ok
	})
	return d, ok
}

// fastInt reads an integer literal, as encoding/json reads into an int.
func fastInt(v gjson.Result) (int, bool) {
	if v.Type == gjson.Null {
		return 0, true
	}
	if v.Type != gjson.Number || strings.ContainsAny(v.Raw, ".eE") || len(v.Raw) > 15 {
		return 0, false
	}
	return int(v.Int()), true
}

// plainString reads a string (or null) written without escapes or
// non-ASCII bytes, whose value both decoders read alike.
func plainString(v gjson.Result) (string, bool) {
	switch v.Type {
	case gjson.Null:
		return "", true
	case gjson.String:
		for i := 0; i < len(v.Raw); i++ {
			if b := v.Raw[i]; b == '\\' || b >= 0x80 {
				return "", false
			}
		}
		return v.Str, true
	}
	return "", false
}

// keySet tracks the known keys of one object: a repeated one (which
// encoding/json merges into the field) sends the chunk to the slow path.
// Unknown keys are ignored by both decoders.
type keySet uint16

var knownKeys = [...]string{"id", "choices", "usage", "x_groq", "error", "index", "delta", "finish_reason",
	"content", "reasoning_content", "reasoning", "tool_calls"}

func (s *keySet) add(k string) bool {
	for i, n := range knownKeys {
		if n == k {
			if *s&(1<<i) != 0 {
				return false
			}
			*s |= 1 << i
			return true
		}
	}
	return true
}

// foldsTo reports whether key matches one of names only case-insensitively:
// encoding/json would fill that field, so the fast path gives up.
func foldsTo(key string, names ...string) bool {
	for _, n := range names {
		if strings.EqualFold(key, n) {
			return true
		}
	}
	return false
}
