package openai

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestTextDeltaMatchesEncodingJSON: wherever the one-pass reader accepts
// an event, json.Unmarshal reads the same event; everything else is left
// to json.Unmarshal.
func TestTextDeltaMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	cases := []struct {
		data string
		fast bool
	}{
		{`{"type":"response.output_text.delta","sequence_number":4,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Hi","logprobs":[]}`, true},
		{`{"type":"response.refusal.delta","item_id":"msg_1","delta":"no \"way\" \u00e9\n"}`, true},
		{`{"delta":"héllo","type":"response.output_text.delta","obfuscation":"x"}`, true},
		{`{"type":"response.output_text.delta"}`, true},
		{`{"type":"response.output_text.done","text":"Hi"}`, false},
		{`{"type":"response.function_call_arguments.delta","item_id":"fc_1","delta":"{"}`, false},
		{`{"type":"response.output_text.delta","Delta":"case"}`, false},
		{`{"type":"response.output_text.delta","delta":"a","delta":"b"}`, false},
		{`{"type":"response.output_text.delta","delta":7}`, false},
		{`{"type":"response.output_text.delta","item_id":5,"delta":"a"}`, false},
		{`{"type":"response.output_text.delta","summary_index":0,"delta":"a"}`, false},
		{`{"type":"response.output_text.delta","item":null,"delta":"a"}`, false},
		{`{"type":"response.output_text.delta","delta":"a"`, false},
		{`{"type":"response.output_text.delta","delta":"a"} x`, false},
		{`{"typ\u0065":"response.output_text.delta","delta":"a"}`, false},
		{`[]`, false},
	}
	for _, tc := range cases {
		got, ok := textDelta([]byte(tc.data))
		if ok != tc.fast {
			t.Errorf("textDelta(%s) ok = %v, want %v", tc.data, ok, tc.fast)
		}
		if !ok {
			continue
		}
		var want event
		if err := json.Unmarshal([]byte(tc.data), &want); err != nil {
			t.Errorf("fast path accepted %s, which json.Unmarshal refuses: %v", tc.data, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("textDelta(%s)\n got  %+v\n want %+v", tc.data, got, want)
		}
	}
}

func BenchmarkTextDelta(b *testing.B) {
	data := []byte(`{"type":"response.output_text.delta","sequence_number":4,"item_id":"msg_68c1","output_index":0,"content_index":0,"delta":"token ","logprobs":[]}`)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := textDelta(data); !ok {
				b.Fatal("not fast")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var ev event
			if err := json.Unmarshal(data, &ev); err != nil {
				b.Fatal(err)
			}
		}
	})
}
