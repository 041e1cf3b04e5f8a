package openaicompat

import (
	"encoding/json"
	"reflect"
	"testing"
)

// checkRepeat keeps first as the template (when the fast path reads it)
// and, when the repeat path accepts next, holds what it read to
// json.Unmarshal's reading of next. It returns whether the repeat path
// accepted next.
func checkRepeat(t *testing.T, first, next string) bool {
	t.Helper()
	var r repeatChunk
	var c chunk
	var span contentSpan
	if !decodeFast([]byte(first), &c, &span) {
		return false
	}
	r.keep([]byte(first), &c, span)
	var got chunk
	got.Choices = make([]choice, 3) // what an earlier chunk left must not show
	if !r.decode([]byte(next), &got) {
		return false
	}
	var want chunk
	if err := json.Unmarshal([]byte(next), &want); err != nil {
		t.Errorf("repeat path accepted %s after %s, which json.Unmarshal refuses: %v", next, first, err)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("repeat path read %s after %s\n got  %+v\n want %+v", next, first, got, want)
	}
	return true
}

// TestRepeatChunkMatchesEncodingJSON: a chunk that differs from the last
// one only in its text is read without a parse, and reads as
// encoding/json reads it; anything else goes to the full decoder.
func TestRepeatChunkMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	const tmpl = `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"%s"},"logprobs":null,"finish_reason":null}]}`
	sprintf := func(text string) string {
		b := []byte(tmpl)
		i := len(`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"`)
		return string(b[:i]) + text + string(b[i+2:])
	}
	first := sprintf("Hello")
	for _, tc := range []struct {
		next   string
		repeat bool
	}{
		{sprintf(" world"), true},
		{sprintf(""), true},
		{sprintf("héllo ✓"), true},
		{sprintf(`a\"b`), false},       // an escape: decoded by the parser
		{sprintf("a\x01b"), false},     // a control character: invalid JSON
		{sprintf("a\xffb"), false},     // invalid UTF-8: encoding/json replaces it
		{sprintf(`x"},"y":"z`), false}, // a quote: not a string body
		{sprintf("a") + " ", false},    // other bytes around it
		{`{"id":"c2"` + sprintf("a")[len(`{"id":"c1"`):], false},
		{`{"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`, false},
	} {
		if got := checkRepeat(t, first, tc.next); got != tc.repeat {
			t.Errorf("after %s, repeat path on %s = %v, want %v", first, tc.next, got, tc.repeat)
		}
	}
	for _, first := range []string{
		`{"id":"c1","choices":[{"index":0,"delta":{"content":"a\"b"}}]}`, // escaped: no template
		`{"id":"c1","choices":[{"index":0,"delta":{"content":null}}]}`,
		`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"}},{"index":1,"delta":{"content":"b"}}]}`,
	} {
		if checkRepeat(t, first, first) {
			t.Errorf("%s served as a template", first)
		}
	}
}

// FuzzRepeatChunk holds the repeat path to encoding/json on any pair of
// chunks.
func FuzzRepeatChunk(f *testing.F) {
	f.Add(`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null}]}`,
		`{"id":"c1","choices":[{"index":0,"delta":{"content":"bc"},"finish_reason":null}]}`)
	f.Add(`{"id":"c1","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}`,
		`{"id":"c1","choices":[{"index":0,"delta":{"role":"assistant","content":"\u00e9"}}]}`)
	f.Add(`{"choices":[{"delta":{"content":"x"}}],"id":"q"}`, `{"choices":[{"delta":{"content":"yy"}}],"id":"q"}`)
	f.Fuzz(func(t *testing.T, first, next string) {
		checkRepeat(t, first, next)
	})
}

// FuzzRepeatText swaps the text of a template chunk for any bytes, so
// that the repeat path's own checks (not a mismatch around the text) are
// what is tried.
func FuzzRepeatText(f *testing.F) {
	f.Add(`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null}]}`, "b")
	f.Add(`{"id":"c1","choices":[{"index":0,"delta":{"content":""}}]}`, `"},{"x":"`)
	f.Add(`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"}}]}`, "\xed\xa0\x80")
	f.Fuzz(func(t *testing.T, first, text string) {
		var c chunk
		var span contentSpan
		if !decodeFast([]byte(first), &c, &span) || span.n != 1 || span.open < 0 {
			return
		}
		next := first[:span.open+1] + text + first[span.close:]
		checkRepeat(t, first, next)
	})
}
