package llm

import "testing"

func TestToolCallPart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args, input, send string
		bad               bool
	}{
		{`{"a":1}`, `{"a":1}`, `{"a":1}`, false},
		{"", "{}", "{}", false},
		{"  \n", "{}", "{}", false},
		{`{"a":`, `{"a":`, "{}", true},
		{`[1,2]`, `[1,2]`, "{}", true},
		{`"text"`, `"text"`, "{}", true},
	}
	for _, tt := range tests {
		p := ToolCallPart("id", "name", tt.args)
		if p.Type != PartToolCall || p.ToolCallID != "id" || p.ToolName != "name" {
			t.Errorf("%q: part %+v", tt.args, p)
		}
		if p.Input != tt.input {
			t.Errorf("%q: input %q, want %q", tt.args, p.Input, tt.input)
		}
		if (p.InputError != "") != tt.bad {
			t.Errorf("%q: input error %q", tt.args, p.InputError)
		}
		if got := SendableInput(p); got != tt.send {
			t.Errorf("%q: sendable %q, want %q", tt.args, got, tt.send)
		}
	}
}
