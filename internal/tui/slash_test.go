package tui_test

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

// slash runs a palette command the way a user types it.
func slash(h *harness, text string) {
	h.Type("/")
	h.Type(strings.TrimPrefix(text, "/"))
	h.Press("enter")
}

func TestCopyPutsTheLastAnswerOnTheClipboard(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("Run this:\n\n```sh\ngo test ./...\n```\n\nThen look.")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("how do I test")
	h.Press("enter")
	h.WaitFor(t, "Then look.")
	slash(h, "/copy")
	h.WaitFor(t, "copied the last answer")
	slash(h, "/copy code")
	h.WaitFor(t, "copied the last code block")
	want := []string{"clipboard:Run this:\n\n```sh\ngo test ./...\n```\n\nThen look.", "clipboard:go test ./..."}
	h.WaitUntil(t, "both copies written", func(string) bool { return len(h.Written()) == 2 })
	if got := h.Written(); !slices.Equal(got, want) {
		t.Fatalf("written = %q, want %q", got, want)
	}
}

func TestCompactPassesItsFocus(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("done")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("hi")
	h.Press("enter")
	h.WaitFor(t, "done")
	slash(h, "/compact the parser")
	h.WaitUntil(t, "summarized", func(string) bool { return len(fake.Focuses()) == 1 })
	if got := fake.Focuses(); got[0] != "the parser" {
		t.Fatalf("focus = %q", got[0])
	}
}

func TestThemeSwitchesAndSaves(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	slash(h, "/theme")
	h.WaitFor(t, "auto (current)", "high-contrast")
	h.Type("high")
	h.Press("enter")
	h.WaitFor(t, "theme high-contrast")
	slash(h, "/theme light")
	h.WaitFor(t, "theme light")
	if got := fake.Themes(); !slices.Equal(got, []string{"high-contrast", "light"}) {
		t.Fatalf("saved themes = %q", got)
	}
	slash(h, "/theme")
	h.WaitFor(t, "light (current)")
}

func TestReviewRunsInPlanModeAndRestoresTheMode(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("No findings that matter.")})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Press("shift+tab")
	h.WaitFor(t, "ACCEPT-EDITS")
	slash(h, "/review error handling")
	h.WaitFor(t, "No findings that matter.")
	h.WaitFor(t, "ACCEPT-EDITS")
	runs := fake.Runs()
	if len(runs) != 1 || !strings.Contains(runs[0].Prompt, "git diff HEAD") || !strings.Contains(runs[0].Prompt, "Focus on: error handling") {
		t.Fatalf("runs = %+v", runs)
	}
	h.WaitUntil(t, "mode restored", func(string) bool { return fake.PermissionMode() == "accept-edits" })
}

func TestNotifiesOnlyWhileUnfocused(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("first")}, tuitest.Turn{tuitest.Text("second")})
	h := start(t, fake, tui.Options{Notify: "osc9"})
	h.WaitFor(t, "DEFAULT")
	h.Type("one")
	h.Press("enter")
	h.WaitFor(t, "first")
	h.Send(tea.BlurMsg{})
	h.Type("two")
	h.Press("enter")
	h.WaitFor(t, "second")
	h.WaitUntil(t, "a notification", func(string) bool { return len(h.Written()) > 0 })
	if got := h.Written(); !slices.Equal(got, []string{"\x1b]9;Hone: the answer is ready\x07"}) {
		t.Fatalf("written = %q, want one OSC 9 notification for the second turn", got)
	}
}
