package llm

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestNumberOption(t *testing.T) {
	t.Parallel()
	opts := map[string]any{"f": 1.5, "i": 3, "i64": int64(4), "f32": float32(2), "num": json.Number("7"), "null": nil, "s": "x", "bad": json.Number("x")}
	for key, want := range map[string]float64{"f": 1.5, "i": 3, "i64": 4, "f32": 2, "num": 7} {
		if v, ok, err := NumberOption(opts, key); err != nil || !ok || v != want {
			t.Errorf("%s: %v %v %v, want %v", key, v, ok, err, want)
		}
	}
	for _, key := range []string{"missing", "null"} {
		if _, ok, err := NumberOption(opts, key); ok || err != nil {
			t.Errorf("%s: ok %v err %v, want absent", key, ok, err)
		}
	}
	for _, key := range []string{"s", "bad"} {
		if _, _, err := NumberOption(opts, key); err == nil || !strings.Contains(err.Error(), "provider option "+key) {
			t.Errorf("%s: err %v, want one naming the option", key, err)
		}
	}
}
