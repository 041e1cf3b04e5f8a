package markdown

import (
	"reflect"
	"testing"
)

func TestSplitBlocks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"paragraphs", "a\nb\n\nc", []string{"a\nb", "c"}},
		{"fence keeps blank lines", "x\n\n```go\na\n\nb\n```\n\ny", []string{"x", "```go\na\n\nb\n```", "y"}},
		{"unclosed fence", "```\na\n\nb", []string{"```\na\n\nb"}},
		{"indented continuation", "1. one\n\n   more\n\n2. two", []string{"1. one\n\n   more", "2. two"}},
		{"longer fence", "````\n```\n\nx\n````\n\nz", []string{"````\n```\n\nx\n````", "z"}},
		{"blank edges", "\n\na\n\n\n", []string{"a"}},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := SplitBlocks(tt.src); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("SplitBlocks(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}
