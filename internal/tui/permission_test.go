package tui_test

import (
	"os"
	"path/filepath"
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

// awaitKeyboard waits for the permission dialog and lets the clock pass
// the pause after which it takes the keyboard from an idle user.
func awaitKeyboard(t *testing.T, h *harness) {
	t.Helper()
	h.WaitFor(t, "Permission required")
	h.clock.Advance(2 * time.Second)
	h.WaitFor(t, "enter confirm", "›[Allow once]")
	h.clock.Advance(time.Second) // past the guard against keys in flight
}

func TestPermissionAllowAppliesWrite(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.txt")
	h := start(t, tuitest.NewFake(writeTurn(path)), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("write it")
	h.Press("enter")
	h.WaitFor(t, "Permission required", "Create out.txt", "+ hi")
	awaitKeyboard(t, h)
	h.Press("enter") // allow once is highlighted
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
	awaitKeyboard(t, h)
	h.Press("tab", "f")
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

func TestPermissionDialogLeavesTypedKeysToTheEditor(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.txt")
	h := start(t, tuitest.NewFake(writeTurn(path)), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("write it")
	h.Press("enter")
	h.WaitFor(t, "Permission required", "keys go to the editor")
	// The user goes on typing a follow-up, letters of every answer key
	// included, and pauses: the dialog must not take the keyboard while
	// the editor holds the draft.
	h.Type("also add a section with dates")
	h.clock.Advance(5 * time.Second)
	h.WaitFor(t, "also add a section with dates", "keys go to the editor")
	if r := h.fake.Responses(); len(r) != 0 {
		t.Fatalf("typed keys answered the request: %+v", r)
	}
	h.Press("tab", "d") // the deliberate way in, then deny
	h.WaitFor(t, "✗ write out.txt", "also add a section with dates")
	if r := h.fake.Responses(); len(r) != 1 || r[0].Answer != permission.Deny {
		t.Fatalf("responses = %+v", r)
	}
}

func TestPermissionDialogGivesBackTheKeyboardWhenTypingStarts(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.txt")
	h := start(t, tuitest.NewFake(writeTurn(path)), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("write it")
	h.Press("enter")
	awaitKeyboard(t, h)
	h.Type("sad") // s, a and d answer nothing: the dialog was not engaged
	h.WaitFor(t, "keys go to the editor", "sad")
	h.Press("enter") // sends the draft as a follow-up, answers nothing
	h.WaitFor(t, "Queued (1)")
	if r := h.fake.Responses(); len(r) != 0 {
		t.Fatalf("typed keys answered the request: %+v", r)
	}
	h.Press("tab", "a")
	h.WaitFor(t, "✓ write out.txt")
}
