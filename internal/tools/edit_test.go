package tools

import (
	"os"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/permission"
)

const goMain = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"Hello, World!\")\n}\n"

func TestEdit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		initial  string // "" and noFile: the file does not exist
		noFile   bool
		skipView bool
		args     jsonArgs
		want     string   // file content afterwards
		contains []string // substrings of the result content
		isError  bool
	}{
		{name: "replace once", initial: goMain,
			args: jsonArgs{"old_string": "\tfmt.Println(\"Hello, World!\")", "new_string": "\tfmt.Println(\"Hello from Crush!\")"},
			want: strings.Replace(goMain, "Hello, World!", "Hello from Crush!", 1), contains: []string{"1 line(s) added, 1 removed"}},
		{name: "several matches", initial: "a\nb\na\n", args: jsonArgs{"old_string": "a", "new_string": "c"},
			want: "a\nb\na\n", contains: []string{"occurs 2 times (at lines 1, 3)", "replace_all"}, isError: true},
		{name: "replace all", initial: "a\nb\na\n", args: jsonArgs{"old_string": "a", "new_string": "c", "replace_all": true},
			want: "c\nb\nc\n"},
		{name: "not found with hint", initial: goMain, args: jsonArgs{"old_string": "fmt.Printn(\"Hello, World!\")", "new_string": "x"},
			want: goMain, contains: []string{"not found", `closest line is line 6: "fmt.Println(\"Hello, World!\")"`}, isError: true},
		{name: "not found without hint", initial: goMain, args: jsonArgs{"old_string": "zzzzzzzzzzzzzzzzzzzz", "new_string": "x"},
			want: goMain, contains: []string{"not found"}, isError: true},
		{name: "identical strings", initial: goMain, args: jsonArgs{"old_string": "main", "new_string": "main"},
			want: goMain, contains: []string{"identical"}, isError: true},
		{name: "whitespace tolerant reindents", initial: "func f() {\n\t\tif x {\n\t\t\treturn 1\n\t\t}\n}\n",
			args: jsonArgs{"old_string": "if x {\n    return 1\n}", "new_string": "if y {\n    return 2\n        deeper\n}"},
			want: "func f() {\n\t\tif y {\n\t\t\treturn 2\n\t\t\t\tdeeper\n\t\t}\n}\n", contains: []string{"ignored", "re-indented"}},
		{name: "whitespace tolerant ambiguous", initial: "  a\n  b\n\ta\n\tb\n",
			args: jsonArgs{"old_string": "a\nb", "new_string": "c"}, want: "  a\n  b\n\ta\n\tb\n", contains: []string{"matches 2 places"}, isError: true},
		{name: "crlf kept", initial: "one\r\ntwo\r\nthree\r\n", args: jsonArgs{"old_string": "one\ntwo", "new_string": "uno\ndos"},
			want: "uno\r\ndos\r\nthree\r\n"},
		{name: "crlf given by model", initial: "one\r\ntwo\r\n", args: jsonArgs{"old_string": "one\r\n", "new_string": "1\r\n"},
			want: "1\r\ntwo\r\n"},
		{name: "create with empty old_string", noFile: true, skipView: true, args: jsonArgs{"old_string": "", "new_string": "new file\n"},
			want: "new file\n", contains: []string{"Created"}},
		{name: "empty old_string on existing file", initial: goMain, args: jsonArgs{"old_string": "", "new_string": "x"},
			want: goMain, contains: []string{"already exists"}, isError: true},
		{name: "missing file", noFile: true, skipView: true, args: jsonArgs{"old_string": "a", "new_string": "b"},
			contains: []string{"does not exist", "empty old_string"}, isError: true},
		{name: "not read first", initial: goMain, skipView: true, args: jsonArgs{"old_string": "main", "new_string": "x"},
			want: goMain, contains: []string{"has not been read", "view"}, isError: true},
		{name: "delete text", initial: "keep\ndrop\nkeep2\n", args: jsonArgs{"old_string": "drop\n", "new_string": ""},
			want: "keep\nkeep2\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			te := newToolEnv(t)
			if !tt.noFile {
				te.write(t, "f.txt", tt.initial)
			}
			if !tt.skipView {
				if res := te.run(t, "view", jsonArgs{"file_path": "f.txt"}); res.IsError {
					t.Fatalf("view: %s", res.Content)
				}
			}
			tt.args["file_path"] = "f.txt"
			res := te.run(t, "edit", tt.args)
			if res.IsError != tt.isError {
				t.Fatalf("IsError = %v, want %v: %s", res.IsError, tt.isError, res.Content)
			}
			for _, c := range tt.contains {
				if !strings.Contains(res.Content, c) {
					t.Errorf("content lacks %q: %s", c, res.Content)
				}
			}
			if tt.noFile && tt.isError {
				if _, err := os.Stat(te.root + "/f.txt"); err == nil {
					t.Error("a failed edit created the file")
				}
				return
			}
			if got := te.read(t, "f.txt"); got != tt.want {
				t.Errorf("file = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEditResultAndHistory(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.watcher.diag = "main.go:6:2: undefined: fmtx"
	p := te.write(t, "main.go", goMain)
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	te.run(t, "view", jsonArgs{"file_path": "main.go"})
	res := te.run(t, "edit", jsonArgs{"file_path": "main.go", "old_string": "fmt.Println", "new_string": "fmtx.Println"})
	if res.IsError {
		t.Fatal(res.Content)
	}
	d := res.Display
	if d.Kind != DisplayDiff || d.Added != 1 || d.Removed != 1 || d.Path != p ||
		!strings.Contains(d.Diff, "-\tfmt.Println") || !strings.Contains(d.Diff, "+\tfmtx.Println") {
		t.Errorf("display = %+v", d)
	}
	if !strings.Contains(res.Content, te.watcher.diag) {
		t.Errorf("diagnostics missing from %q", res.Content)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode = %v, want 0755", fi.Mode().Perm())
	}
	saved := te.files.saved()
	if len(saved) != 1 || string(saved[0].Before) != goMain || !strings.Contains(string(saved[0].After), "fmtx") ||
		saved[0].SessionID != "s1" || saved[0].MessageID != "m1" || saved[0].Path != p {
		t.Errorf("saved changes = %+v", saved)
	}
	reqs := te.asker.asked()
	if len(reqs) != 1 || reqs[0].Action != "write" || reqs[0].Path != p || reqs[0].Diff != d.Diff ||
		reqs[0].Description != "Edit main.go" || reqs[0].OutsideProject {
		t.Errorf("permission requests = %+v", reqs)
	}
	// The edit recorded the new version as read: a second edit needs no view.
	res = te.run(t, "edit", jsonArgs{"file_path": "main.go", "old_string": "fmtx.Println", "new_string": "fmt.Println"})
	if res.IsError {
		t.Errorf("second edit: %s", res.Content)
	}
}

func TestEditRefusesStaleRead(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.write(t, "a.txt", "one\n")
	te.run(t, "view", jsonArgs{"file_path": "a.txt"})
	te.write(t, "a.txt", "one\ntwo\n") // changed by someone else
	res := te.run(t, "edit", jsonArgs{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	if !res.IsError || !strings.Contains(res.Content, "changed on disk") {
		t.Errorf("stale edit: %+v", res)
	}
	if got := te.read(t, "a.txt"); got != "one\ntwo\n" {
		t.Errorf("file = %q", got)
	}
}

func TestEditChangedWhileAsking(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	p := te.write(t, "a.txt", "one\n")
	te.run(t, "view", jsonArgs{"file_path": "a.txt"})
	te.asker.onAsk = func(permission.Request) { _ = os.WriteFile(p, []byte("other\ncontent\n"), 0o644) }
	res := te.run(t, "edit", jsonArgs{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	if !res.IsError || !strings.Contains(res.Content, "in the meantime") {
		t.Errorf("edit after a concurrent change: %+v", res)
	}
	if got := te.read(t, "a.txt"); got != "other\ncontent\n" {
		t.Errorf("file = %q", got)
	}
}

func TestEditDenied(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.write(t, "a.txt", "one\n")
	te.run(t, "view", jsonArgs{"file_path": "a.txt"})
	te.asker.deny, te.asker.feedback = true, "use two instead"
	res := te.run(t, "edit", jsonArgs{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	if !res.IsError || !res.Denied || !strings.Contains(res.Content, "use two instead") {
		t.Errorf("denied edit: %+v", res)
	}
	if got := te.read(t, "a.txt"); got != "one\n" {
		t.Errorf("file = %q", got)
	}
	if len(te.files.saved()) != 0 {
		t.Error("a denied edit saved a version")
	}
}

func TestReplaceStringLineEndings(t *testing.T) {
	t.Parallel()
	tests := []struct{ content, old, new, want string }{
		{"a\r\nb\r\n", "a\nb", "x\ny", "x\r\ny\r\n"},
		{"a\r\nb\r\n", "a\r\nb", "x\r\ny", "x\r\ny\r\n"},
		{"crlf\r\nlf1\nlf2\n", "lf1\nlf2", "z", "crlf\r\nz\n"},         // mixed file, LF section
		{"a\r\nb\r\nc", "b", "B", "a\r\nB\r\nc"},                       // single line
		{"x\r\n  a\r\n  b\r\n", "a\nb", "c\nd", "x\r\n  c\r\n  d\r\n"}, // whitespace fallback keeps CRLF
	}
	for _, tt := range tests {
		got, _, err := replaceString(tt.content, tt.old, tt.new, false)
		if err != nil || got != tt.want {
			t.Errorf("replaceString(%q, %q, %q) = %q, %v; want %q", tt.content, tt.old, tt.new, got, err, tt.want)
		}
	}
}
