package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMultiEdit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		initial  *string
		edits    []jsonArgs
		want     string
		contains []string
		isError  bool
	}{
		{name: "recorded greeting change", initial: ptr(goMain),
			edits: []jsonArgs{{"old_string": "\tfmt.Println(\"Hello, World!\")", "new_string": "\t// Greeting\n\tfmt.Println(\"Hello, Crush!\")"}},
			want:  "package main\n\nimport \"fmt\"\n\nfunc main() {\n\t// Greeting\n\tfmt.Println(\"Hello, Crush!\")\n}\n"},
		{name: "edits see earlier edits", initial: ptr("a b c\n"),
			edits: []jsonArgs{{"old_string": "a", "new_string": "x"}, {"old_string": "x b", "new_string": "y"}},
			want:  "y c\n", contains: []string{"1 line(s) added, 1 removed"}},
		{name: "all or nothing", initial: ptr("one\ntwo\n"),
			edits: []jsonArgs{{"old_string": "one", "new_string": "1"}, {"old_string": "three", "new_string": "3"}},
			want:  "one\ntwo\n", contains: []string{"edit 2 of 2 failed", "not found", "No edits were applied"}, isError: true},
		{name: "replace_all per edit", initial: ptr("a a\nb b\n"),
			edits: []jsonArgs{{"old_string": "a", "new_string": "c", "replace_all": true}, {"old_string": "b b", "new_string": "d"}},
			want:  "c c\nd\n"},
		{name: "create then edit", initial: nil,
			edits: []jsonArgs{{"old_string": "", "new_string": "hello world\n"}, {"old_string": "world", "new_string": "there"}},
			want:  "hello there\n", contains: []string{"Created"}},
		{name: "empty old_string later", initial: ptr("x\n"),
			edits: []jsonArgs{{"old_string": "x", "new_string": "y"}, {"old_string": "", "new_string": "z"}},
			want:  "x\n", contains: []string{"edit 2 of 2 failed", "old_string is empty"}, isError: true},
		{name: "create then failing edit", initial: nil,
			edits:    []jsonArgs{{"old_string": "", "new_string": "hello\n"}, {"old_string": "world", "new_string": "there"}},
			contains: []string{"edit 2 of 2 failed"}, isError: true},
		{name: "no edits", initial: ptr("x\n"), edits: []jsonArgs{}, want: "x\n", contains: []string{"edits is empty"}, isError: true},
		{name: "wrong item type", initial: ptr("x\n"), edits: []jsonArgs{{"old_string": 1, "new_string": "y"}},
			want: "x\n", contains: []string{`"edits[0].old_string" must be string, got number 1`}, isError: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			te := newToolEnv(t)
			if tt.initial != nil {
				te.write(t, "main.go", *tt.initial)
				te.run(t, "view", jsonArgs{"file_path": "main.go"})
			}
			res := te.run(t, "multiedit", jsonArgs{"file_path": filepath.Join(te.root, "main.go"), "edits": tt.edits})
			if res.IsError != tt.isError {
				t.Fatalf("IsError = %v, want %v: %s", res.IsError, tt.isError, res.Content)
			}
			for _, c := range tt.contains {
				if !strings.Contains(res.Content, c) {
					t.Errorf("content lacks %q: %s", c, res.Content)
				}
			}
			if got, _ := os.ReadFile(filepath.Join(te.root, "main.go")); string(got) != tt.want {
				t.Errorf("file = %q, want %q", got, tt.want)
			}
			if tt.isError && len(te.files.saved()) != 0 {
				t.Error("a failed multiedit saved a version")
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
