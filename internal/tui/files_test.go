package tui

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/honecode/hone/internal/tui/editor"
)

func write(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestListFilesHonoursGitignore(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, f := range []string{"main.go", "internal/a.go", "build/out.bin", "node_modules/x/index.js", ".git/HEAD", "debug.log"} {
		write(t, root, f, "x")
	}
	write(t, root, ".gitignore", "build/\n*.log\n")
	got := listFiles(root)
	want := []string{".gitignore", "main.go", "internal/a.go"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("listFiles = %v, want %v", got, want)
	}
}

// TestListFilesHonoursNestedGitignores: a directory's .gitignore applies
// below it, and the nearest file with a matching pattern decides, so a
// nested "!" pattern re-includes what the root's ignores, as in git.
func TestListFilesHonoursNestedGitignores(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, f := range []string{"a.log", "sub/keep.log", "sub/drop.log", "sub/secret/x.txt", "other/secret/y.txt", "sub/deep/z.tmp"} {
		write(t, root, f, "x")
	}
	write(t, root, ".gitignore", "*.log\n")
	write(t, root, "sub/.gitignore", "!keep.log\nsecret/\n*.tmp\n")
	got := listFiles(root)
	want := []string{".gitignore", "sub/.gitignore", "sub/keep.log", "other/secret/y.txt"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("listFiles = %v, want %v", got, want)
	}
}

func TestReadAttachments(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, "notes.md", "# notes")
	write(t, root, "shot.PNG", "\x89PNG")
	got, err := readAttachments(root, []editor.Attachment{
		{Name: "notes.md", Path: "notes.md"},
		{Name: "shot.PNG", Path: "shot.PNG"},
		{Name: "paste-1.txt", Text: "pasted"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got[0].MediaType != "text/plain" || string(got[0].Data) != "# notes" || got[0].Path != filepath.Join(root, "notes.md") {
		t.Errorf("text file = %+v", got[0])
	}
	if !got[1].IsImage() || got[1].MediaType != "image/png" {
		t.Errorf("image = %+v", got[1])
	}
	if got[2].Path != "" || string(got[2].Data) != "pasted" {
		t.Errorf("paste = %+v", got[2])
	}
	if _, err := readAttachments(root, []editor.Attachment{{Name: "gone", Path: "gone.txt"}}); err == nil {
		t.Error("a missing file must fail the send")
	}
}

func TestEditorCommand(t *testing.T) {
	t.Parallel()
	env := map[string]string{"VISUAL": "", "EDITOR": "nano -w"}
	get := func(k string) string { return env[k] }
	if got := editorCommand("", get); !reflect.DeepEqual(got, []string{"nano", "-w"}) {
		t.Errorf("EDITOR: %v", got)
	}
	if got := editorCommand("code --wait", get); !reflect.DeepEqual(got, []string{"code", "--wait"}) {
		t.Errorf("option: %v", got)
	}
	if got := editorCommand("", func(string) string { return "" }); !reflect.DeepEqual(got, []string{"vi"}) {
		t.Errorf("fallback: %v", got)
	}
}

func TestPromptFileRoundTrip(t *testing.T) {
	t.Parallel()
	ready, ok := writePromptFileCmd("draft prompt")().(externalReadyMsg)
	if !ok || ready.err != nil {
		t.Fatalf("write: %+v", ready)
	}
	if err := os.WriteFile(ready.path, []byte("edited prompt\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, ok := readPromptFileCmd(ready.path)().(externalTextMsg)
	if !ok || got.err != nil || got.text != "edited prompt\n" {
		t.Fatalf("read: %+v", got)
	}
	if _, err := os.Stat(ready.path); !os.IsNotExist(err) {
		t.Fatal("temp file left behind")
	}
}
