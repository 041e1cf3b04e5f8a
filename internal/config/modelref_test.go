package config

import (
	"encoding/json"
	"testing"
)

func TestModelRefForms(t *testing.T) {
	t.Parallel()
	var m Models
	src := `{"large": ["openrouter/anthropic/claude-sonnet-4.5",
		{"model": "anthropic/claude-sonnet-4-6", "max_tokens": 4000, "reasoning_effort": "high",
		 "temperature": 0.2, "top_p": 0.9, "provider_options": {"k": 1}}]}`
	if err := json.Unmarshal([]byte(src), &m); err != nil {
		t.Fatal(err)
	}
	a, b := m.Large[0], m.Large[1]
	if a.ProviderName() != "openrouter" || a.ModelID() != "anthropic/claude-sonnet-4.5" || a.hasOptions() {
		t.Errorf("string form = %+v", a)
	}
	if b.Model != "anthropic/claude-sonnet-4-6" || b.MaxTokens != 4000 || b.ReasoningEffort != "high" ||
		*b.Temperature != 0.2 || *b.TopP != 0.9 || b.ProviderOptions["k"] != 1.0 {
		t.Errorf("object form = %+v", b)
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"large":["openrouter/anthropic/claude-sonnet-4.5",{"model":"anthropic/claude-sonnet-4-6","max_tokens":4000,"reasoning_effort":"high","temperature":0.2,"top_p":0.9,"provider_options":{"k":1}}]}`
	if string(out) != want {
		t.Errorf("marshal = %s", out)
	}
	if err := json.Unmarshal([]byte(`{"large": [1]}`), &m); err == nil {
		t.Error("a number decoded as a model reference")
	}
}

func TestSplitModelRef(t *testing.T) {
	t.Parallel()
	for ref, ok := range map[string]bool{"a/b": true, "a/b/c": true, "a": false, "/b": false, "a/": false, "": false} {
		if _, _, got := SplitModelRef(ref); got != ok {
			t.Errorf("SplitModelRef(%q) ok = %v", ref, got)
		}
	}
}
