package openaicompat

import (
	"encoding/json"
	"strings"
	"unsafe"

	"github.com/honecode/hone/internal/llm/jsonscan"
)

// decodeFast decodes the common chunk into c: text (or nothing) in the
// deltas of its choices, the usage of the last chunk, and no error,
// reasoning or tool calls. It
// reads the chunk once, in place, with jsonscan instead of encoding/json's
// reflection, which was most of the CPU a long stream cost. It reuses
// what c held (the choices' array, and the id, which every chunk of a
// response repeats), so a text chunk allocates only its text. false means
// anything else (and any field whose type or spelling encoding/json would
// treat differently), with c cleared; the caller then decodes with
// json.Unmarshal, so both paths give the same chunk and the same errors.
// A non-nil span notes where the content string of a delta lies (see
// contentSpan), for the repeat path.
func decodeFast(data []byte, c *chunk, span *contentSpan) bool {
	id, choices := c.ID, c.Choices[:0]
	*c = chunk{}
	s := jsonscan.New(data)
	if !s.Object() {
		return false
	}
	var seen keySet
	ok := true
	for ok {
		k, more := key(s)
		if !more {
			break
		}
		if !seen.add(k) {
			ok = false
			break
		}
		switch k {
		case "id":
			c.ID, ok = plainString(s, id)
		case "choices":
			c.Choices, ok = fastChoices(s, choices, span)
		case "usage":
			c.Usage, ok = fastUsage(s)
		case "x_groq", "error":
			ok = s.Null()
		default:
			ok = !foldsTo(k, "id", "choices", "usage", "x_groq", "error") && s.Skip() != nil
		}
	}
	if !ok || !s.Done() {
		*c = chunk{}
		return false
	}
	return true
}

// key reads the next member name; an escaped name is decoded (rare, so
// it may allocate). more is false at the object's end or on an error
// (which the caller's Done reports).
func key(s *jsonscan.Scanner) (k string, more bool) {
	raw, escaped, ok := s.Key()
	if !ok {
		return "", false
	}
	if !escaped {
		return unsafe.String(unsafe.SliceData(raw), len(raw)), true
	}
	return unescape(raw)
}

// unescape decodes an escaped member name.
func unescape(raw []byte) (string, bool) {
	quoted := make([]byte, 0, len(raw)+2)
	quoted = append(append(append(quoted, '"'), raw...), '"')
	var k string
	if err := json.Unmarshal(quoted, &k); err != nil {
		return "", false
	}
	return k, true
}

// fastChoices decodes a choices array (or null) of plain text deltas,
// appending to buf[:0].
func fastChoices(s *jsonscan.Scanner, buf []choice, span *contentSpan) ([]choice, bool) {
	if s.Null() {
		return nil, true
	}
	if !s.Array() {
		return nil, false
	}
	out := buf[:0]
	if out == nil {
		out = make([]choice, 0, 1) // an empty array decodes to an empty slice, as in encoding/json
	}
	for s.Elem() {
		ch, ok := fastChoice(s, span)
		if !ok {
			return nil, false
		}
		out = append(out, ch)
	}
	return out, s.OK()
}

// fastChoice decodes one choice object.
func fastChoice(s *jsonscan.Scanner, span *contentSpan) (ch choice, ok bool) {
	if !s.Object() {
		return choice{}, false
	}
	var seen keySet
	for ok = true; ok; {
		k, more := key(s)
		if !more {
			break
		}
		if !seen.add(k) {
			return choice{}, false
		}
		switch k {
		case "index":
			ch.Index, ok = fastInt(s)
		case "delta":
			ch.Delta, ok = fastDelta(s, span)
		case "finish_reason":
			ch.FinishReason, ok = plainString(s, "")
		default:
			ok = !foldsTo(k, "index", "delta", "finish_reason") && s.Skip() != nil
		}
	}
	return ch, ok && s.OK()
}

// fastDelta decodes a delta that carries at most text content.
func fastDelta(s *jsonscan.Scanner, span *contentSpan) (d delta, ok bool) {
	if s.Null() {
		return delta{}, true
	}
	if !s.Object() {
		return delta{}, false
	}
	var seen keySet
	for ok = true; ok; {
		k, more := key(s)
		if !more {
			break
		}
		if !seen.add(k) {
			return delta{}, false
		}
		switch k {
		case "content":
			raw := s.Skip()
			_ = d.Content.UnmarshalJSON(raw) // the same reading as the slow path; it copies
			ok = raw != nil
			if span != nil && ok {
				span.note(raw, s.Pos())
			}
		case "reasoning_content", "reasoning", "tool_calls":
			ok = s.Null()
		default:
			ok = !foldsTo(k, "content", "reasoning_content", "reasoning", "tool_calls") && s.Skip() != nil
		}
	}
	return d, ok && s.OK()
}

// fastUsage decodes a usage object (or null) whose counts are integer
// literals. Real streams end with one, and its slow decoding was a
// process's first use of encoding/json's reflection on the chunk types.
func fastUsage(s *jsonscan.Scanner) (*usage, bool) {
	return fastObject(s, func(u *usage, k string) (ok bool) {
		switch k {
		case "prompt_tokens":
			u.PromptTokens, ok = fastInt64(s)
		case "completion_tokens":
			u.CompletionTokens, ok = fastInt64(s)
		case "prompt_cache_hit_tokens":
			u.PromptCacheHitTokens, ok = fastInt64(s)
		case "prompt_tokens_details":
			u.PromptTokensDetails, ok = fastDetails(s)
		default:
			ok = !foldsTo(k, "prompt_tokens", "completion_tokens", "prompt_cache_hit_tokens", "prompt_tokens_details") &&
				s.Skip() != nil
		}
		return ok
	})
}

// fastDetails decodes prompt_tokens_details (or null).
func fastDetails(s *jsonscan.Scanner) (*tokenDetails, bool) {
	return fastObject(s, func(d *tokenDetails, k string) (ok bool) {
		switch k {
		case "cached_tokens":
			d.CachedTokens, ok = fastInt64(s)
		case "cache_write_tokens":
			d.CacheWriteTokens, ok = fastInt64(s)
		default:
			ok = !foldsTo(k, "cached_tokens", "cache_write_tokens") && s.Skip() != nil
		}
		return ok
	})
}

// fastObject decodes an object into a new T (null gives nil), handing
// each member's name to read, which reads its value into v. It is false
// at a repeated known key (encoding/json would merge the two), at a false
// read, and at malformed input. For the objects a stream sends once
// (usage); fastChoice and fastDelta, which run for most chunks the repeat
// path cannot read, keep their loops inline (7% faster than the closure).
func fastObject[T any](s *jsonscan.Scanner, read func(v *T, k string) bool) (*T, bool) {
	if s.Null() {
		return nil, true
	}
	if !s.Object() {
		return nil, false
	}
	v := new(T)
	var seen keySet
	for {
		k, more := key(s)
		if !more {
			return v, s.OK()
		}
		if !seen.add(k) || !read(v, k) {
			return v, false
		}
	}
}

// fastInt64 is fastInt for a count.
func fastInt64(s *jsonscan.Scanner) (int64, bool) {
	n, ok := fastInt(s)
	return int64(n), ok
}

// fastInt reads an integer literal (or null), as encoding/json reads into
// an int.
func fastInt(s *jsonscan.Scanner) (int, bool) {
	if s.Null() {
		return 0, true
	}
	return s.Int()
}

// plainString reads a string (or null) written without escapes or
// non-ASCII bytes, whose value both decoders read alike. The value is
// copied, unless it equals prev, which is returned instead.
func plainString(s *jsonscan.Scanner, prev string) (string, bool) {
	if s.Null() {
		return "", true
	}
	raw, plain, ok := s.String()
	if !ok || !plain {
		return "", false
	}
	v := raw[1 : len(raw)-1]
	if string(v) == prev {
		return prev, true
	}
	return string(v), true
}

// keySet tracks the known keys of one object: a repeated one (which
// encoding/json merges into the field) sends the chunk to the slow path.
// Unknown keys are ignored by both decoders.
type keySet uint32

func (s *keySet) add(k string) bool {
	i := knownKey(k)
	if i < 0 {
		return true
	}
	if *s&(1<<i) != 0 {
		return false
	}
	*s |= 1 << i
	return true
}

// knownKey is the bit of keySet that k takes, -1 for a key the chunk
// types do not have. A switch, which compares the length first and short
// strings inline: this runs for every member of every chunk.
func knownKey(k string) int {
	switch k {
	case "id":
		return 0
	case "choices":
		return 1
	case "usage":
		return 2
	case "x_groq":
		return 3
	case "error":
		return 4
	case "index":
		return 5
	case "delta":
		return 6
	case "finish_reason":
		return 7
	case "content":
		return 8
	case "reasoning_content":
		return 9
	case "reasoning":
		return 10
	case "tool_calls":
		return 11
	case "prompt_tokens":
		return 12
	case "completion_tokens":
		return 13
	case "prompt_cache_hit_tokens":
		return 14
	case "prompt_tokens_details":
		return 15
	case "cached_tokens":
		return 16
	case "cache_write_tokens":
		return 17
	}
	return -1
}

// foldsTo reports whether key matches one of names only case-insensitively:
// encoding/json would fill that field, so the fast path gives up.
func foldsTo(key string, names ...string) bool {
	ascii := isASCII(key) // else a fold may change the length (K, ſ)
	for _, n := range names {
		if (!ascii || len(key) == len(n)) && strings.EqualFold(key, n) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
