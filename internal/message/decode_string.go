package message

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// plainString reads a string without escapes, as bytes of the input.
func (s *partScanner) plainString() ([]byte, bool) {
	if !s.eat('"') {
		return nil, false
	}
	end := bytes.IndexByte(s.b[s.i:], '"')
	if end < 0 {
		return nil, false
	}
	raw := s.b[s.i : s.i+end]
	s.i += end + 1
	return raw, bytes.IndexByte(raw, '\\') < 0
}

// str reads a JSON string: one copy when it has no escapes.
func (s *partScanner) str() string {
	if !s.eat('"') {
		s.bad = true
		return ""
	}
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			raw := s.b[start:s.i]
			s.i++
			if !utf8.Valid(raw) {
				s.bad = true
			}
			return string(raw)
		case c == '\\':
			return s.escaped(start)
		case c < 0x20:
			s.bad = true
			return ""
		}
		s.i++
	}
	s.bad = true
	return ""
}

// escaped finishes a string with escapes, begun at start.
func (s *partScanner) escaped(start int) string {
	out := make([]byte, 0, 2*(s.i-start)+64)
	out = append(out, s.b[start:s.i]...)
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			if !utf8.Valid(out) {
				s.bad = true
			}
			return string(out)
		case c < 0x20:
			s.bad = true
			return ""
		case c != '\\':
			j := s.i + 1
			for j < len(s.b) && s.b[j] != '"' && s.b[j] != '\\' && s.b[j] >= 0x20 {
				j++
			}
			out = append(out, s.b[s.i:j]...)
			s.i = j
			continue
		}
		var ok bool
		if out, ok = s.escape(out); !ok {
			s.bad = true
			return ""
		}
	}
	s.bad = true
	return ""
}

// escape appends the escape sequence at s.i (a backslash) decoded.
func (s *partScanner) escape(out []byte) ([]byte, bool) {
	if s.i+1 >= len(s.b) {
		return out, false
	}
	c := s.b[s.i+1]
	s.i += 2
	switch c {
	case '"', '\\', '/':
		return append(out, c), true
	case 'n':
		return append(out, '\n'), true
	case 't':
		return append(out, '\t'), true
	case 'r':
		return append(out, '\r'), true
	case 'b':
		return append(out, '\b'), true
	case 'f':
		return append(out, '\f'), true
	case 'u':
		r, ok := s.hex4()
		if !ok {
			return out, false
		}
		if utf16.IsSurrogate(r) {
			r2 := rune(-1)
			if s.i+1 < len(s.b) && s.b[s.i] == '\\' && s.b[s.i+1] == 'u' {
				s.i += 2
				if r2, ok = s.hex4(); !ok {
					return out, false
				}
			}
			// Lone or mismatched surrogates: encoding/json's rules
			// (replacement characters) are left to it.
			if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
				return out, false
			}
		}
		return utf8.AppendRune(out, r), true
	}
	return out, false
}

func (s *partScanner) hex4() (rune, bool) {
	if s.i+4 > len(s.b) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s.b[s.i:s.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	s.i += 4
	return rune(n), true
}
