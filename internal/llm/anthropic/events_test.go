package anthropic

import (
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
)

// TestTextDeltaMatchesSDK: wherever the one-pass reader accepts an event,
// the SDK's own decoding reads the same index and text; everything else
// is left to the SDK.
func TestTextDeltaMatchesSDK(t *testing.T) {
	t.Parallel()
	cases := []struct {
		data string
		fast bool
	}{
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}`, true},
		{`{"type":"content_block_delta","index":3,"delta":{"type":"text_delta","text":"a \"q\" \u00e9\n"}}`, true},
		{`{"delta":{"text":"héllo","type":"text_delta"},"index":1,"type":"content_block_delta"}`, true},
		{` { "type" : "content_block_delta" , "index" : 0 , "delta" : { "type" : "text_delta" , "text" : "" } } `, true},
		{`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}}`, false},
		{`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{"}}`, false},
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a","extra":1}}`, false},
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta"}}`, false},
		{`{"type":"content_block_delta","index":0.5,"delta":{"type":"text_delta","text":"a"}}`, false},
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":7}}`, false},
		{`{"type":"content_block_stop","index":0}`, false},
		{`{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":5}}`, false},
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}`, false},
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}} x`, false},
		{`{"ty\u0070e":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}`, false},
		{`{"type":"content_block_delta","type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}`, false},
	}
	for _, tc := range cases {
		i, text, ok := textDelta([]byte(tc.data))
		if ok != tc.fast {
			t.Errorf("textDelta(%s) ok = %v, want %v", tc.data, ok, tc.fast)
		}
		if !ok {
			continue
		}
		var ev anthropic.MessageStreamEventUnion
		if err := json.Unmarshal([]byte(tc.data), &ev); err != nil {
			t.Errorf("fast path accepted %s, which the SDK refuses: %v", tc.data, err)
			continue
		}
		if ev.Type != "content_block_delta" || ev.Delta.Type != "text_delta" || ev.Index != i || ev.Delta.Text != text {
			t.Errorf("textDelta(%s) = %d %q; SDK: %s %d %s %q", tc.data, i, text, ev.Type, ev.Index, ev.Delta.Type, ev.Delta.Text)
		}
	}
}

func BenchmarkTextDelta(b *testing.B) {
	data := []byte(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"token "}}`)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, ok := textDelta(data); !ok {
				b.Fatal("not fast")
			}
		}
	})
	b.Run("sdk", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var ev anthropic.MessageStreamEventUnion
			if err := json.Unmarshal(data, &ev); err != nil {
				b.Fatal(err)
			}
		}
	})
}
