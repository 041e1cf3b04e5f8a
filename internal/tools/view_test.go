package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

func TestView(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 2500)
	tests := []struct {
		name    string
		files   map[string]string
		args    jsonArgs
		want    []string // substrings of Content
		notWant []string
		isError bool
	}{
		{name: "numbered lines", files: map[string]string{"a.txt": "one\ntwo\n"}, args: jsonArgs{"file_path": "a.txt"},
			want: []string{"<file>\n     1|one\n     2|two\n</file>"}, notWant: []string{"more lines"}},
		{name: "offset and limit", files: map[string]string{"a.txt": "l1\nl2\nl3\nl4\nl5\n"},
			args: jsonArgs{"file_path": "a.txt", "offset": 1, "limit": 2},
			want: []string{"     2|l2\n     3|l3\n</file>", "Use offset=3"}, notWant: []string{"l1", "l4"}},
		{name: "no trailing newline", files: map[string]string{"a.txt": "a\nb"}, args: jsonArgs{"file_path": "a.txt"},
			want: []string{"     2|b\n</file>"}},
		{name: "crlf shown without CR", files: map[string]string{"a.txt": "a\r\nb\r\n"}, args: jsonArgs{"file_path": "a.txt"},
			want: []string{"     1|a\n     2|b\n"}},
		{name: "long line cut", files: map[string]string{"a.txt": long + "\nshort\n"}, args: jsonArgs{"file_path": "a.txt"},
			want: []string{"     1|" + strings.Repeat("x", 2000) + "\n", "1 line(s) longer than 2000 characters were cut"}},
		{name: "empty file", files: map[string]string{"e.txt": ""}, args: jsonArgs{"file_path": "e.txt"},
			want: []string{"The file is empty."}},
		{name: "offset past end", files: map[string]string{"a.txt": "a\nb\n"}, args: jsonArgs{"file_path": "a.txt", "offset": 10},
			want: []string{"has 2 lines; offset 10 is past its end"}},
		{name: "directory", files: map[string]string{"dir/x": ""}, args: jsonArgs{"file_path": "dir"},
			want: []string{"is a directory", "ls"}, isError: true},
		{name: "binary", files: map[string]string{"b.bin": "abc\x00def"}, args: jsonArgs{"file_path": "b.bin"},
			want: []string{"binary file"}, isError: true},
		{name: "did you mean", files: map[string]string{"main.go": "package main\n"}, args: jsonArgs{"file_path": "mian.go"},
			want: []string{"mian.go does not exist", "Did you mean main.go?"}, isError: true},
		{name: "did you mean other extension", files: map[string]string{"config.yaml": "a: 1\n"}, args: jsonArgs{"file_path": "config.yml"},
			want: []string{"Did you mean config.yaml?"}, isError: true},
		{name: "missing dir", args: jsonArgs{"file_path": "no/such/file"}, want: []string{"nor does its directory"}, isError: true},
		{name: "empty path", args: jsonArgs{"file_path": ""}, want: []string{"file_path is empty"}, isError: true},
		{name: "negative offset", files: map[string]string{"a.txt": "a"}, args: jsonArgs{"file_path": "a.txt", "offset": -1},
			want: []string{"must not be negative"}, isError: true},
		{name: "missing file_path", args: jsonArgs{}, want: []string{`missing required argument "file_path"`}, isError: true},
		{name: "wrong type", args: jsonArgs{"file_path": "a", "offset": "10"}, want: []string{`"offset" must be integer, got string "10"`}, isError: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			te := newToolEnv(t)
			for name, content := range tt.files {
				te.write(t, name, content)
			}
			res := te.run(t, "view", tt.args)
			if res.IsError != tt.isError {
				t.Fatalf("IsError = %v, want %v; content:\n%s", res.IsError, tt.isError, res.Content)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.Content, w) {
					t.Errorf("content lacks %q:\n%s", w, res.Content)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(res.Content, w) {
					t.Errorf("content has %q:\n%s", w, res.Content)
				}
			}
			if len(te.asker.asked()) != 0 {
				t.Errorf("inside-project view asked permission: %+v", te.asker.asked())
			}
		})
	}
}

func TestViewRecordsReadAndDisplay(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	p := te.write(t, "go.mod", "module example.com/x\n\ngo 1.23\n")
	res := te.run(t, "view", jsonArgs{"file_path": p})
	if res.IsError || !strings.Contains(res.Content, "module example.com/x") {
		t.Fatalf("view: %+v", res)
	}
	fi, _ := os.Stat(p)
	rec, ok, _ := te.files.LastRead(t.Context(), "s1", p)
	if !ok || rec.ModTime != fi.ModTime().UnixNano() || rec.Size != fi.Size() {
		t.Errorf("read record = %+v, %v; file mtime %d size %d", rec, ok, fi.ModTime().UnixNano(), fi.Size())
	}
	if res.Display.Kind != DisplayFile || res.Display.Title != "go.mod" || res.Display.StartLine != 1 ||
		res.Display.Body != "module example.com/x\n\ngo 1.23" {
		t.Errorf("display = %+v", res.Display)
	}
	if len(te.watcher.opened) != 1 || te.watcher.opened[0] != p {
		t.Errorf("watcher opened = %v", te.watcher.opened)
	}
}

func TestViewLimitNote(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	var b strings.Builder
	for i := range 2500 {
		fmt.Fprintf(&b, "line %d\n", i+1)
	}
	te.write(t, "big.txt", b.String())
	res := te.run(t, "view", jsonArgs{"file_path": "big.txt"})
	if !strings.Contains(res.Content, "  2000|line 2000\n</file>") || !strings.Contains(res.Content, "Use offset=2000") {
		t.Errorf("default limit: %s", res.Content[len(res.Content)-200:])
	}
}

func TestViewImage(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
	p := te.write(t, "dot.png", png)
	res := te.run(t, "view", jsonArgs{"file_path": "dot.png"})
	if res.IsError || len(res.Images) != 1 {
		t.Fatalf("view image: %+v", res)
	}
	img := res.Images[0]
	if img.Type != llm.PartImage || img.MediaType != "image/png" || string(img.Data) != png {
		t.Errorf("image part = %+v", img)
	}
	if _, ok, _ := te.files.LastRead(t.Context(), "s1", p); !ok {
		t.Error("image read not recorded")
	}
	te.write(t, "fake.png", "not an image at all")
	if res := te.run(t, "view", jsonArgs{"file_path": "fake.png"}); !res.IsError {
		t.Errorf("text with a .png name: %+v", res)
	}
}

func TestViewOutsideAsksRead(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	secret := filepath.Join(te.outside, "secret.txt")
	if err := os.WriteFile(secret, []byte("s3cret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := te.run(t, "view", jsonArgs{"file_path": secret})
	if res.IsError || !strings.Contains(res.Content, "s3cret") {
		t.Fatalf("allowed outside read: %+v", res)
	}
	reqs := te.asker.asked()
	if len(reqs) != 1 || reqs[0].Action != "read" || reqs[0].Path != secret || !reqs[0].OutsideProject ||
		reqs[0].SessionID != "s1" || reqs[0].CallID != "c1" || reqs[0].ToolName != "view" {
		t.Errorf("requests = %+v", reqs)
	}
	te.asker.deny, te.asker.feedback = true, "stay in the project"
	res = te.run(t, "view", jsonArgs{"file_path": secret})
	if !res.IsError || !res.Denied || !strings.Contains(res.Content, "stay in the project") || strings.Contains(res.Content, "s3cret") {
		t.Errorf("denied outside read: %+v", res)
	}
}
