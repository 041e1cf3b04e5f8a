package jsonscan

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

var corpus = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1.5e+10`, `-12.25E-3`, `"a"`, `""`,
	`{"a":1,"b":[1,2,{"c":null}],"d":"x\"y\\z\/\b\f\n\r\t\u00e9"}`,
	` { "a" : [ ] , "b" : { } } `,
	`{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"héllo"}}`,
	`[1,2,]`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `[01]`, `[1.]`, `[.5]`, `[1e]`, `[-]`, `["\x"]`, `["\u12"]`,
	"[\"a\tb\"]", `["abc`, `{"a":1`, `[1 2]`, `nul`, `tru`, `{"a":1}}`, `{"a":1} x`, `[,1]`, `{,}`,
	`[1,,2]`, `{"a":1,,"b":2}`, `"\ud800"`, `[1]`, `[[[[[]]]]]`, `{"":""}`, `["\u00E9\uFFFF"]`,
	"\"\xff\xfe\"", `-`, `--1`, `+1`, `1.0e+`, `[true,false,null]`,
}

// TestSkipMatchesValid: Skip followed by Done accepts exactly what
// json.Valid accepts, on a corpus and on random mutations of it.
func TestSkipMatchesValid(t *testing.T) {
	t.Parallel()
	check := func(doc string) {
		s := New([]byte(doc))
		raw := s.Skip()
		got := s.Done()
		if want := json.Valid([]byte(doc)); got != want {
			t.Errorf("Skip+Done(%q) = %v, json.Valid = %v", doc, got, want)
		}
		if got && !json.Valid(raw) {
			t.Errorf("Skip(%q) returned invalid raw %q", doc, raw)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte(`{}[]:,"\ u0e1.-+aEnlfts` + "\t\n\x01\xc3")
	for _, doc := range corpus {
		check(doc)
		for range 300 {
			b := []byte(doc)
			switch i := r.IntN(len(b) + 1); r.IntN(3) {
			case 0: // insert
				b = append(b[:i:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
			case 1: // delete
				if i < len(b) {
					b = append(b[:i:i], b[i+1:]...)
				}
			default: // replace
				if i < len(b) {
					b[i] = alphabet[r.IntN(len(alphabet))]
				}
			}
			check(string(b))
		}
	}
}

// TestWalk: Object/Key, Array/Elem, String, Int and Null read a document
// member by member.
func TestWalk(t *testing.T) {
	t.Parallel()
	s := New([]byte(`{"id":"c1","n":-42,"list":[null,"x\n",{"k":true}],"big":1234567890123456,"esc\u0041":0}`))
	if !s.Object() {
		t.Fatal("not an object")
	}
	var keys []string
	for {
		k, esc, ok := s.Key()
		if !ok {
			break
		}
		keys = append(keys, string(k))
		switch string(k) {
		case "id":
			raw, plain, ok := s.String()
			if !ok || !plain || string(raw) != `"c1"` {
				t.Errorf("id = %q %v %v", raw, plain, ok)
			}
		case "n":
			if n, ok := s.Int(); !ok || n != -42 {
				t.Errorf("n = %d %v", n, ok)
			}
		case "list":
			if !s.Array() {
				t.Fatal("list is not an array")
			}
			i := 0
			for s.Elem() {
				switch i {
				case 0:
					if !s.Null() {
						t.Error("want null")
					}
				case 1:
					if _, plain, ok := s.String(); !ok || plain {
						t.Errorf("escaped string: plain %v ok %v", plain, ok)
					}
				default:
					if raw := s.Skip(); string(raw) != `{"k":true}` {
						t.Errorf("skip = %q", raw)
					}
				}
				i++
			}
		case "big":
			if _, ok := s.Int(); ok {
				t.Error("16 digits read as an int")
			}
			s.Skip()
		default:
			if !esc {
				t.Errorf("key %q: escaped = false", k)
			}
			s.Skip()
		}
	}
	if !s.Done() {
		t.Fatal("document not read to its end")
	}
	if len(keys) != 5 {
		t.Errorf("keys = %q", keys)
	}
}

// TestWalkErrors: a syntax error anywhere ends the walk with OK false.
func TestWalkErrors(t *testing.T) {
	t.Parallel()
	for _, doc := range []string{`{"a":1,}`, `{"a":1 "b":2}`, `{"a"}`, `{"a":1`, `{,"a":1}`, `{"a":[1,]}`} {
		s := New([]byte(doc))
		s.Object()
		for {
			_, _, ok := s.Key()
			if !ok {
				break
			}
			if s.Array() {
				for s.Elem() {
					s.Skip()
				}
				continue
			}
			s.Skip()
		}
		if s.Done() {
			t.Errorf("%s: walk accepted it", doc)
		}
	}
}

func FuzzSkip(f *testing.F) {
	for _, doc := range corpus {
		f.Add(doc)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		s := New([]byte(doc))
		s.Skip()
		if got, want := s.Done(), json.Valid([]byte(doc)); got != want {
			t.Errorf("Skip+Done(%q) = %v, json.Valid = %v", doc, got, want)
		}
	})
}
