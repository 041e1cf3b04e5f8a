package openaicompat

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestDecodeFastMatchesEncodingJSON: wherever the fast path accepts a
// chunk, it decodes exactly what json.Unmarshal does; the shapes it must
// leave to json.Unmarshal (types, spellings, duplicates that
// encoding/json reads differently, and everything but text) it refuses.
func TestDecodeFastMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	cases := []struct {
		data string
		fast bool
	}{
		{`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null,"logprobs":null}]}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":"a \"quoted\" \u00e9 line\n"}}]}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":null}}]}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":[{"type":"text","text":"mis"},{"type":"image"},{"type":"text","text":"tral"}]}}]}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":7}}]}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":null}`, true},
		{`{"id":"c1","choices":[{"index":1,"delta":{"content":"second"}},{"index":0,"delta":{"content":"first"}}]}`, true},
		{`{"id":"c1","choices":[]}`, true},
		{`{"id":null,"choices":null}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":null}]}`, true},
		{`{"\u0069d":"c1","choices":[{"index":0,"delta":{"cont\u0065nt":"esc"}}]}`, true},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":4}}`, true},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":9856,"completion_tokens":14,"total_tokens":9870,"prompt_tokens_details":{"cached_tokens":9127},"cost":{"usd":0.0015,"hypercredits":0.03}}}`, true},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":5,"prompt_cache_hit_tokens":2,"prompt_tokens_details":{"cached_tokens":1,"cache_write_tokens":2,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":7}}}`, true},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":null,"prompt_tokens_details":null}}`, true},
		{`{"id":"c1","choices":[],"usage":{}}`, true},
		{`{"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":1200,"completion_tokens":40}}`, true},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":3.0}}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":"3"}}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":1e3}}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":1234567890123456789}}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":1,"prompt_tokens":2}}`, false},
		{`{"id":"c1","choices":[],"usage":{"Prompt_Tokens":1}}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens_details":{"cached_tokens":1},"prompt_tokens_details":{"cache_write_tokens":2}}}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens_details":{"Cached_Tokens":1}}}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens_details":[1]}}`, false},
		{`{"id":"c1","choices":[],"usage":[]}`, false},
		{`{"id":"c1","choices":[],"usage":7}`, false},
		{`{"id":"c1","choices":[],"usage":{"prompt_tokens":1},"usage":null}`, false},
		{`{"id":"c1","choices":[],"x_groq":{"usage":{"prompt_tokens":3}}}`, false},
		{`{"error":{"code":502,"message":"upstream"}}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"reasoning_content":"think"}}]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"reasoning":"think"}}]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"x","function":{"name":"glob","arguments":"{}"}}]}}]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"Content":"case"}}]}`, false},
		{`{"id":"c1","Choices":[{"index":0,"delta":{"content":"case"}}]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"},"delta":{"role":"x"}}]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"}}],"choices":[{"index":0}]}`, false},
		{`{"id":"c1","choices":[{"index":0.0,"delta":{"content":"a"}}]}`, false},
		{`{"id":"c1","choices":[{"index":"0","delta":{"content":"a"}}]}`, false},
		{`{"id":7,"choices":[]}`, false},
		{`{"id":"c\u00e9","choices":[]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":3}]}`, false},
		{`{"id":"c1","choices":{"index":0}}`, false},
		{`{"id":"c1","choices":[null]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":"text"}]}`, false},
		{`{"id":"c1","choices":[{"index":0,"delta":{"content":"a"}}]`, false},
		{`[1,2]`, false},
		{`null`, false},
	}
	// reused is decoded into case after case, as a stream reuses its
	// chunk: what an earlier chunk left must never show in a later one.
	var reused chunk
	for _, tc := range cases {
		var got chunk
		ok := decodeFast([]byte(tc.data), &got, nil)
		if again := decodeFast([]byte(tc.data), &reused, nil); again != ok {
			t.Errorf("decodeFast(%s) into a used chunk ok = %v, into a new one %v", tc.data, again, ok)
		}
		if ok != tc.fast {
			t.Errorf("decodeFast(%s) ok = %v, want %v", tc.data, ok, tc.fast)
		}
		if !ok {
			if !reflect.DeepEqual(got, chunk{}) || !reflect.DeepEqual(reused, chunk{}) {
				t.Errorf("decodeFast(%s) failed but left %+v / %+v", tc.data, got, reused)
			}
			continue
		}
		var want chunk
		if err := json.Unmarshal([]byte(tc.data), &want); err != nil {
			t.Errorf("fast path accepted %s, which json.Unmarshal refuses: %v", tc.data, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("decodeFast(%s)\n got  %+v\n want %+v", tc.data, got, want)
		}
		if !reflect.DeepEqual(reused, want) {
			t.Errorf("decodeFast(%s) into a used chunk\n got  %+v\n want %+v", tc.data, reused, want)
		}
	}
}

// BenchmarkDecodeChunk compares the two decoders on a text chunk.
func BenchmarkDecodeChunk(b *testing.B) {
	data := []byte(`{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"m","choices":[{"index":0,"delta":{"content":"token "},"finish_reason":null}]}`)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		var c chunk
		for b.Loop() {
			if !decodeFast(data, &c, nil) {
				b.Fatal("not fast")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var c chunk
			if err := json.Unmarshal(data, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestKnownKeyGivesEachKeyItsOwnBit: every key of the chunk types gets a
// bit of keySet of its own, and no other key one.
func TestKnownKeyGivesEachKeyItsOwnBit(t *testing.T) {
	seen := map[int]string{}
	for _, k := range []string{"id", "choices", "usage", "x_groq", "error", "index", "delta", "finish_reason",
		"content", "reasoning_content", "reasoning", "tool_calls", "prompt_tokens", "completion_tokens",
		"prompt_cache_hit_tokens", "prompt_tokens_details", "cached_tokens", "cache_write_tokens"} {
		i := knownKey(k)
		if i < 0 || i >= 32 || seen[i] != "" {
			t.Errorf("knownKey(%q) = %d (taken by %q)", k, i, seen[i])
		}
		seen[i] = k
	}
	for _, k := range []string{"", "ID", "object", "model", "created", "choice", "contents", "total_tokens"} {
		if got := knownKey(k); got != -1 {
			t.Errorf("knownKey(%q) = %d, want -1", k, got)
		}
	}
}
