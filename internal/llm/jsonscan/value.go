package jsonscan

import (
	"encoding/json"
	"unicode/utf8"
)

// String reads a string value. raw is the literal with its quotes; plain
// reports that it has no escape sequences and only ASCII bytes, so
// raw[1:len(raw)-1] is its value exactly as encoding/json reads it. ok is
// false (without failing) if the next value is not a string.
func (s *Scanner) String() (raw []byte, plain, ok bool) {
	if s.Peek() != '"' {
		return nil, false, false
	}
	raw, plain = s.str()
	return raw, plain, !s.bad
}

// Text reads a string value and returns it decoded as encoding/json
// decodes it (escapes included); ok is false if the next value is not a
// valid string.
func (s *Scanner) Text() (string, bool) {
	raw, plain, ok := s.String()
	if !ok {
		return "", false
	}
	if plain {
		return string(raw[1 : len(raw)-1]), true
	}
	var v string
	if json.Unmarshal(raw, &v) != nil {
		return "", false
	}
	return v, true
}

// Skip reads any value and returns its raw bytes.
func (s *Scanner) Skip() []byte {
	s.space()
	start := s.pos
	s.value(0)
	if s.bad {
		return nil
	}
	return s.data[start:s.pos]
}

// maxDepth bounds the nesting Skip follows, as encoding/json does.
const maxDepth = 10000

func (s *Scanner) value(depth int) {
	if depth > maxDepth {
		s.fail()
		return
	}
	switch c := s.Peek(); {
	case s.bad:
	case c == '"':
		s.str()
	case c == '{':
		s.pos++
		s.skipMembers(depth, '}', true)
	case c == '[':
		s.pos++
		s.skipMembers(depth, ']', false)
	case c == 'n':
		s.literal("null")
	case c == 't':
		s.literal("true")
	case c == 'f':
		s.literal("false")
	case c == '-' || (c >= '0' && c <= '9'):
		s.number()
	default:
		s.fail()
	}
}

// skipMembers reads the members of an object (keyed) or array up to end.
func (s *Scanner) skipMembers(depth int, end byte, keyed bool) {
	if s.Peek() == end {
		s.pos++
		return
	}
	for !s.bad {
		if keyed {
			if s.Peek() != '"' {
				s.fail()
				return
			}
			s.str()
			if s.Peek() != ':' {
				s.fail()
				return
			}
			s.pos++
		}
		s.value(depth + 1)
		switch s.Peek() {
		case ',':
			s.pos++
		case end:
			s.pos++
			return
		default:
			s.fail()
		}
	}
}

// str reads the string at pos (its opening quote) and reports whether it
// is plain (no escapes, ASCII only).
func (s *Scanner) str() (raw []byte, plain bool) {
	start := s.pos
	i := s.pos + 1
	plain = true
	for i < len(s.data) {
		// Runs of ordinary bytes, the whole of most strings, cost one
		// table lookup a byte.
		for i < len(s.data) && !strSpecial[s.data[i]] {
			i++
		}
		if i == len(s.data) {
			break
		}
		c := s.data[i]
		switch {
		case c == '"':
			s.pos = i + 1
			return s.data[start:s.pos], plain
		case c == '\\':
			plain = false
			n := escapeLen(s.data[i:])
			if n == 0 {
				s.fail()
				return nil, false
			}
			i += n
		case c < 0x20:
			s.fail()
			return nil, false
		case c >= utf8.RuneSelf:
			plain = false
			i++
		default:
			i++
		}
	}
	s.fail()
	return nil, false
}

// strSpecial marks the bytes str must look at inside a string: the
// closing quote, a backslash, control characters (invalid there) and
// non-ASCII bytes (which make it not plain).
var strSpecial = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80
	}
	return t
}()

// escapeLen is the length of the escape sequence at the start of b, 0 if
// it is not a valid one.
func escapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if len(b) < 6 {
			return 0
		}
		for _, h := range b[2:6] {
			if !isHex(h) {
				return 0
			}
		}
		return 6
	}
	return 0
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func hasEscape(raw []byte) bool {
	for _, c := range raw {
		if c == '\\' {
			return true
		}
	}
	return false
}

// number reads a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *Scanner) number() {
	i := s.pos
	if i < len(s.data) && s.data[i] == '-' {
		i++
	}
	switch {
	case i < len(s.data) && s.data[i] == '0':
		i++
	case i < len(s.data) && s.data[i] >= '1' && s.data[i] <= '9':
		i = digits(s.data, i)
	default:
		s.fail()
		return
	}
	if i < len(s.data) && s.data[i] == '.' {
		j := digits(s.data, i+1)
		if j == i+1 {
			s.fail()
			return
		}
		i = j
	}
	if i < len(s.data) && (s.data[i] == 'e' || s.data[i] == 'E') {
		i++
		if i < len(s.data) && (s.data[i] == '+' || s.data[i] == '-') {
			i++
		}
		j := digits(s.data, i)
		if j == i {
			s.fail()
			return
		}
		i = j
	}
	s.pos = i
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// Int reads an integer literal of at most 15 digits (no fraction or
// exponent), which encoding/json reads into an int the same way; ok is
// false (without failing) for any other value, which is left unread.
func (s *Scanner) Int() (n int, ok bool) {
	c := s.Peek()
	if c != '-' && (c < '0' || c > '9') {
		return 0, false
	}
	start := s.pos
	s.number()
	if s.bad {
		return 0, false
	}
	lit := s.data[start:s.pos]
	neg := lit[0] == '-'
	if neg {
		lit = lit[1:]
	}
	if len(lit) > 15 {
		s.pos = start
		return 0, false
	}
	for _, d := range lit {
		if d < '0' || d > '9' {
			s.pos = start
			return 0, false
		}
		n = n*10 + int(d-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
