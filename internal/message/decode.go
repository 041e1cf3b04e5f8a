package message

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strconv"

	"github.com/honecode/hone/internal/llm"
)

// decodeParts reads a row's parts. Rows are written by encodeParts
// (encoding/json, compact, known keys), and a long session has thousands
// of them, so that exact shape is read by a one-pass scanner; anything
// else — whitespace, an unknown key, null, a number that is not a plain
// integer, invalid UTF-8, a malformed escape — goes to json.Unmarshal,
// which the fast path must always agree with (TestDecodePartsMatchesJSON,
// FuzzDecodeParts).
func decodeParts(b []byte) ([]llm.Part, error) {
	if parts, ok := fastParts(b); ok {
		return parts, nil
	}
	var parts []llm.Part
	err := json.Unmarshal(b, &parts)
	return parts, err
}

// partScanner reads one parts array; ok turns false at the first byte it
// does not expect.
type partScanner struct {
	b   []byte
	i   int
	bad bool
}

func fastParts(b []byte) ([]llm.Part, bool) {
	s := &partScanner{b: b}
	if !s.eat('[') {
		return nil, false
	}
	parts := []llm.Part{}
	if s.eat(']') {
		return parts, s.i == len(b)
	}
	for !s.bad {
		var p llm.Part
		s.object(&p)
		parts = append(parts, p)
		if s.eat(',') {
			continue
		}
		if !s.eat(']') {
			return nil, false
		}
		break
	}
	return parts, !s.bad && s.i == len(b)
}

func (s *partScanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *partScanner) object(p *llm.Part) {
	if !s.eat('{') {
		s.bad = true
		return
	}
	if s.eat('}') {
		return
	}
	for !s.bad {
		key := s.rawKey()
		if s.bad || !s.eat(':') {
			s.bad = true
			return
		}
		s.field(p, key)
		if s.eat(',') {
			continue
		}
		if !s.eat('}') {
			s.bad = true
		}
		return
	}
}

// rawKey reads a key without escapes (every key of llm.Part is plain).
func (s *partScanner) rawKey() string {
	if !s.eat('"') {
		s.bad = true
		return ""
	}
	end := bytes.IndexByte(s.b[s.i:], '"')
	if end < 0 {
		s.bad = true
		return ""
	}
	k := s.b[s.i : s.i+end]
	s.i += end + 1
	if bytes.IndexByte(k, '\\') >= 0 {
		s.bad = true
	}
	return string(k)
}

func (s *partScanner) field(p *llm.Part, key string) {
	switch key {
	case "type":
		p.Type = llm.PartType(s.str())
	case "text":
		p.Text = s.str()
	case "signature":
		p.Signature = s.str()
	case "encrypted":
		p.Encrypted = s.str()
	case "reasoning_id":
		p.ReasoningID = s.str()
	case "provider":
		p.Provider = s.str()
	case "media_type":
		p.MediaType = s.str()
	case "tool_call_id":
		p.ToolCallID = s.str()
	case "tool_name":
		p.ToolName = s.str()
	case "input":
		p.Input = s.str()
	case "input_error":
		p.InputError = s.str()
	case "reason":
		p.Reason = llm.FinishReason(s.str())
	case "is_error":
		p.IsError = s.boolean()
	case "finished_at":
		p.FinishedAt = s.integer()
	case "data":
		p.Data = s.base64()
	case "meta":
		p.Meta = s.rawObject()
	default:
		s.bad = true
	}
}

func (s *partScanner) boolean() bool {
	switch {
	case bytes.HasPrefix(s.b[s.i:], []byte("true")):
		s.i += 4
		return true
	case bytes.HasPrefix(s.b[s.i:], []byte("false")):
		s.i += 5
		return false
	}
	s.bad = true
	return false
}

// integer reads a plain decimal integer (what Marshal writes for int64).
func (s *partScanner) integer() int64 {
	start := s.i
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	digits := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	n, err := strconv.ParseInt(string(s.b[start:s.i]), 10, 64)
	leadingZero := s.i-digits > 1 && s.b[digits] == '0'
	fraction := s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E')
	if err != nil || leadingZero || fraction {
		s.bad = true
	}
	return n
}

func (s *partScanner) base64() []byte {
	raw, ok := s.plainString()
	if !ok {
		s.bad = true
		return nil
	}
	out := make([]byte, base64.StdEncoding.DecodedLen(len(raw)))
	n, err := base64.StdEncoding.Decode(out, raw)
	if err != nil {
		s.bad = true
	}
	return out[:n]
}

// rawObject reads a JSON object as is, checked by json.Valid (the Meta
// of a tool result: small, so the second pass costs little).
func (s *partScanner) rawObject() json.RawMessage {
	if s.i >= len(s.b) || s.b[s.i] != '{' {
		s.bad = true
		return nil
	}
	start := s.i
	depth := 0
	for s.i < len(s.b) {
		switch c := s.b[s.i]; c {
		case '"':
			end, ok := stringEnd(s.b, s.i)
			if !ok {
				s.bad = true
				return nil
			}
			s.i = end
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
		s.i++
		if depth == 0 {
			break
		}
	}
	raw := s.b[start:s.i]
	if depth != 0 || len(raw) == 0 || raw[0] != '{' || !json.Valid(raw) {
		s.bad = true
		return nil
	}
	return append(json.RawMessage(nil), raw...)
}
