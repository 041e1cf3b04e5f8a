package tools

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCheckArgs(t *testing.T) {
	t.Parallel()
	mcpSchema := `{"type":"object","$schema":"http://json-schema.org/draft-07/schema#",
	  "properties":{
	    "id":{"type":["string","integer"]},
	    "any":true,
	    "never":false,
	    "tuple":{"type":"array","items":[{"type":"string"}]},
	    "opts":{"type":"object","properties":{"depth":{"type":"number"}},"required":["depth"]},
	    "level":{"enum":[1,2,"three"]},
	    "ref":{"$ref":"#/$defs/x"}
	  },
	  "required":["id"],
	  "oneOf":[{"required":["a"]},{"required":["b"]}]}`
	tests := []struct {
		schema, input string
		problems      []string // substrings; nil means valid
	}{
		{mcpSchema, `{"id":"x"}`, nil},
		{mcpSchema, `{"id":7,"any":{"x":[1]},"tuple":["a",1],"ref":5}`, nil}, // unknown keywords and tuples ignored
		{mcpSchema, `{"id":1.5}`, []string{`"id" must be string or integer, got number 1.5`}},
		{mcpSchema, `{"id":"x","opts":{}}`, []string{`missing required argument "opts.depth"`}},
		{mcpSchema, `{"id":"x","opts":{"depth":"deep"}}`, []string{`"opts.depth" must be number`}},
		{mcpSchema, `{"id":"x","level":2}`, nil},
		{mcpSchema, `{"id":"x","level":"two"}`, []string{`"level" must be one of 1, 2, "three"`}},
		{`{"type":"object","properties":{"a":{"type":"string"}}}`, `{"a":"x","b":2}`, nil},
		{`not a schema`, `{"anything":1}`, nil},
		{``, `{}`, nil},
		{`{"type":"object"}`, `null`, []string{"must be a JSON object"}},
		{`{"type":"object"}`, `{"a":1} trailing`, []string{"not valid JSON"}},
	}
	for _, tt := range tests {
		_, problems := checkArgs(parseSchema(json.RawMessage(tt.schema)), json.RawMessage(tt.input))
		if len(tt.problems) == 0 && len(problems) > 0 {
			t.Errorf("checkArgs(%s) = %v, want valid", tt.input, problems)
		}
		joined := strings.Join(problems, "; ")
		for _, want := range tt.problems {
			if !strings.Contains(joined, want) {
				t.Errorf("checkArgs(%s) = %q, want %q", tt.input, joined, want)
			}
		}
	}
}
