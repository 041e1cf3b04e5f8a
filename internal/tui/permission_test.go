package tui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

// writeTurn is a turn whose write asks permission and applies on allow.

func writeTurn(path string) tuitest.Turn {
	return tuitest.Turn{
		tuitest.Text("I'll write the file."),
		tuitest.Tool(tuitest.ToolStep{
			Name: "write", Input: `{"file_path":"out.txt","content":"hi"}`, Result: "wrote out.txt",
			Display: tools.Display{Kind: tools.DisplayDiff, Title: "out.txt", Diff: "@@ -0,0 +1 @@\n+hi\n", Added: 1},
			Ask:     &permission.Request{Action: permission.ActionWrite, Path: path, Description: "Create out.txt", Diff: "@@ -0,0 +1 @@\n+hi\n"},
			OnAllow: func() { _ = os.WriteFile(path, []byte("hi"), 0o644) },
		}),
		tuitest.Text("Done."),
	}
}

func TestPermissionAllowAppliesWrite(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.txt")
	h := start(t, tuitest.NewFake(writeTurn(path)), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("write it")
	h.Press("enter")
	h.WaitFor(t, "Permission required", "Create out.txt", "+ hi")
	h.clock.Advance(time.Second)
	h.Press("a")
	h.WaitFor(t, "✓ write out.txt", "Done.")
	if b, err := os.ReadFile(path); err != nil || string(b) != "hi" {
		t.Fatalf("file = %q, %v; want the write applied", b, err)
	}
	if r := h.fake.Responses(); len(r) != 1 || r[0].Answer != permission.AllowOnce {
		t.Fatalf("responses = %+v", r)
	}
}

func TestPermissionDenyLeavesFileAndTellsModel(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.txt")
	h := start(t, tuitest.NewFake(writeTurn(path)), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("write it")
	h.Press("enter")
	h.WaitFor(t, "Permission required")
	h.clock.Advance(time.Second)
	h.Press("f")
	h.Type("use a temp dir")
	h.Press("enter")
	h.WaitFor(t, "✗ write out.txt", "permission denied by the user: use a temp dir")
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("file exists after deny: %v", err)
	}
	if r := h.fake.Responses(); len(r) != 1 || r[0].Answer != permission.Deny || r[0].Feedback != "use a temp dir" {
		t.Fatalf("responses = %+v", r)
	}
}

func TestPermissionIgnoresStrayKeysRightAfterOpening(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.txt")
	h := start(t, tuitest.NewFake(writeTurn(path)), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("write it")
	h.Press("enter")
	h.WaitFor(t, "Permission required")
	h.Press("enter", "a", "s") // typed before the user saw the dialog
	h.clock.Advance(time.Second)
	h.Press("enter") // nothing is highlighted yet: still no answer
	h.Press("tab")
	h.WaitUntil(t, "allow once highlighted", func(s string) bool { return strings.Contains(s, "›[Allow once]") })
	if r := h.fake.Responses(); len(r) != 0 {
		t.Fatalf("stray keys answered the request: %+v", r)
	}
	h.Press("tab", "tab", "enter") // highlight Deny and confirm it
	h.WaitFor(t, "✗ write out.txt")
	if r := h.fake.Responses(); len(r) != 1 || r[0].Answer != permission.Deny {
		t.Fatalf("responses = %+v", r)
	}
}
