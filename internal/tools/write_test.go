package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		initial  *string
		view     bool
		path     string
		content  string
		contains []string
		isError  bool
		wantFile *string // nil: same as content
	}{
		{name: "new file", path: "config.json", content: `{"name": "test", "version": "1.0.0"}`, contains: []string{"Created config.json"}},
		{name: "creates parents", path: "a/b/c.txt", content: "deep\n"},
		{name: "overwrite after view", initial: ptr("old\n"), view: true, path: "f.txt", content: "new\n", contains: []string{"Wrote f.txt: 1 line(s) added, 1 removed"}},
		{name: "overwrite without view", initial: ptr("old\n"), path: "f.txt", content: "new\n",
			contains: []string{"has not been read"}, isError: true, wantFile: ptr("old\n")},
		{name: "same content", initial: ptr("same\n"), view: true, path: "f.txt", content: "same\n", contains: []string{"nothing was written"}},
		{name: "directory", initial: nil, path: ".", content: "x", contains: []string{"is a directory"}, isError: true, wantFile: ptr("")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			te := newToolEnv(t)
			if tt.initial != nil {
				te.write(t, tt.path, *tt.initial)
			}
			if tt.view {
				te.run(t, "view", jsonArgs{"file_path": tt.path})
			}
			res := te.run(t, "write", jsonArgs{"file_path": tt.path, "content": tt.content})
			if res.IsError != tt.isError {
				t.Fatalf("IsError = %v, want %v: %s", res.IsError, tt.isError, res.Content)
			}
			for _, c := range tt.contains {
				if !strings.Contains(res.Content, c) {
					t.Errorf("content lacks %q: %s", c, res.Content)
				}
			}
			want := tt.content
			if tt.wantFile != nil {
				want = *tt.wantFile
			}
			if tt.path != "." {
				if got := te.read(t, tt.path); got != want {
					t.Errorf("file = %q, want %q", got, want)
				}
			}
		})
	}
}

func TestWriteDiffAndVersions(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	res := te.run(t, "write", jsonArgs{"file_path": "n.txt", "content": "a\nb\n"})
	p := filepath.Join(te.root, "n.txt")
	if res.IsError || res.Display.Kind != DisplayDiff || res.Display.Added != 2 || res.Display.Removed != 0 {
		t.Fatalf("write: %+v", res)
	}
	saved := te.files.saved()
	if len(saved) != 1 || saved[0].Before != nil || string(saved[0].After) != "a\nb\n" || saved[0].Path != p {
		t.Errorf("saved = %+v", saved)
	}
	reqs := te.asker.asked()
	if len(reqs) != 1 || reqs[0].Action != "write" || !strings.Contains(reqs[0].Diff, "+a") || reqs[0].Description != "Create n.txt" {
		t.Errorf("requests = %+v", reqs)
	}
	// Written files count as read: overwriting needs no view.
	if res := te.run(t, "write", jsonArgs{"file_path": "n.txt", "content": "c\n"}); res.IsError {
		t.Errorf("second write: %s", res.Content)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("stat = %v, %v", fi, err)
	}
}
