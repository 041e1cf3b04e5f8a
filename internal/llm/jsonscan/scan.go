// Package jsonscan reads a JSON document in one validating pass, in place,
// without reflection or allocation. The adapters use it to decode the few
// chunk shapes that make up almost all of a streamed answer (a text delta),
// and fall back to encoding/json for everything else.
//
// A Scanner walks one value at a time: Object/Key iterate an object, Array/
// Elem an array, and String, Null or Skip consume a value. Any syntax error
// marks the scanner failed; callers read OK (and Done at the end) once,
// instead of checking every step. A document the Scanner accepts to the end
// is one that json.Valid accepts.
package jsonscan

// Scanner reads data from the start. The zero value is not usable; use New.
type Scanner struct {
	data []byte
	pos  int
	bad  bool
	// first is true right after '{' or '[': the next member needs no comma.
	first bool
}

// New returns a Scanner over data. data must not change while it is read.
func New(data []byte) *Scanner {
	return &Scanner{data: data}
}

// Reset makes s read data from the start, so one Scanner serves a whole
// stream.
func (s *Scanner) Reset(data []byte) {
	*s = Scanner{data: data}
}

// Pos is the offset in data of the next byte to read: after a value just
// read, its end.
func (s *Scanner) Pos() int { return s.pos }

// OK reports whether everything read so far was valid JSON.
func (s *Scanner) OK() bool { return !s.bad }

// Done reports whether the document was valid and nothing but whitespace
// follows the value read.
func (s *Scanner) Done() bool {
	s.space()
	return !s.bad && s.pos == len(s.data)
}

// fail marks the scanner failed and returns false.
func (s *Scanner) fail() bool {
	s.bad = true
	return false
}

func (s *Scanner) space() {
	// Compact JSON, the usual case, has none: one comparison.
	if s.pos < len(s.data) && s.data[s.pos] > ' ' {
		return
	}
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// Peek returns the first byte of the next value ('{', '[', '"', 'n', 't',
// 'f', '-' or a digit), or 0 at the end or after a failure.
func (s *Scanner) Peek() byte {
	s.space()
	if s.bad || s.pos >= len(s.data) {
		return 0
	}
	return s.data[s.pos]
}

// Null consumes a null literal if one is next and reports whether it did.
func (s *Scanner) Null() bool {
	if s.Peek() != 'n' {
		return false
	}
	return s.literal("null")
}

func (s *Scanner) literal(word string) bool {
	if len(s.data)-s.pos < len(word) || string(s.data[s.pos:s.pos+len(word)]) != word {
		return s.fail()
	}
	s.pos += len(word)
	return true
}

// Object consumes the '{' that opens an object; false (without failing)
// if the next value is not an object.
func (s *Scanner) Object() bool {
	if s.Peek() != '{' {
		return false
	}
	s.pos++
	s.first = true
	return true
}

// Key reads the next member name of the object being read, with its
// colon, leaving the value next. It returns ok false at the object's end
// (consumed) or on a syntax error (see OK). The name is raw: escaped
// reports that it holds escape sequences and must be decoded before it is
// compared.
func (s *Scanner) Key() (name []byte, escaped, ok bool) {
	if !s.member('}') {
		return nil, false, false
	}
	if s.Peek() != '"' {
		return nil, false, s.fail()
	}
	raw, plain := s.str()
	s.space()
	if s.bad || s.pos >= len(s.data) || s.data[s.pos] != ':' {
		return nil, false, s.fail()
	}
	s.pos++
	return raw[1 : len(raw)-1], !plain && hasEscape(raw), true
}

// Array consumes the '[' that opens an array; false (without failing) if
// the next value is not an array.
func (s *Scanner) Array() bool {
	if s.Peek() != '[' {
		return false
	}
	s.pos++
	s.first = true
	return true
}

// Elem reports whether another element of the array being read is next;
// false at the array's end (consumed) or on a syntax error.
func (s *Scanner) Elem() bool {
	return s.member(']')
}

// member steps over the comma before a member, or the closing byte.
func (s *Scanner) member(end byte) bool {
	c := s.Peek()
	if s.bad {
		return false
	}
	if c == end {
		s.pos++
		s.first = false
		return false
	}
	if s.first {
		s.first = false
		return c != 0 || s.fail()
	}
	if c != ',' {
		return s.fail()
	}
	s.pos++
	if c = s.Peek(); c == end || c == 0 {
		return s.fail() // a trailing comma
	}
	return true
}
