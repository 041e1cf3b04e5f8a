package tui_test

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

func TestSlashOnEmptyEditorOpensPalette(t *testing.T) {
	t.Parallel()
	h := start(t, tuitest.NewFake(), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("/")
	h.WaitFor(t, "Commands", "New session")
	h.Type("permission mode")
	h.Press("enter")
	h.WaitFor(t, "ACCEPT-EDITS")
	h.Press("shift+tab")
	h.WaitFor(t, "AUTO")
	h.Press("shift+tab")
	h.WaitFor(t, "PLAN")
	h.Type("a/b")
	h.WaitFor(t, "> a/b")
}

func TestAtCompletionAttachesFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fake := tuitest.NewFake()
	fake.Dir = dir
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("explain @mai")
	h.WaitFor(t, "› main.go")
	h.Press("tab")
	h.WaitFor(t, "attached: [main.go]", "> explain @main.go")
	h.Press("enter")
	h.WaitFor(t, "┃ explain @main.go")
	runs := fake.Runs()
	if len(runs) != 1 || len(runs[0].Attachments) != 1 || string(runs[0].Attachments[0].Data) != "package main\n" {
		t.Fatalf("runs = %+v", runs)
	}
}

func TestResizeReflowsAndHidesSidebar(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text(strings.Repeat("word ", 60))})
	h := startSize(t, fake, tui.Options{}, 250, 70)
	h.WaitFor(t, "DEFAULT")
	h.Type("hi")
	h.Press("enter")
	h.WaitFor(t, "word word")
	if !strings.Contains(h.Screen(), "model fake/large") {
		t.Fatal("no sidebar at 250 columns")
	}
	h.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.WaitUntil(t, "sidebar hidden", func(s string) bool { return !strings.Contains(s, "model fake/large") })
	lines := strings.Split(h.Screen(), "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines at 80×24", len(lines))
	}
	for _, ln := range lines {
		if n := len([]rune(ln)); n > 80 {
			t.Fatalf("line of %d cells at 80 columns: %q", n, ln)
		}
	}
	h.Press("ctrl+t")
	h.Send(tea.WindowSizeMsg{Width: 250, Height: 70})
	h.WaitUntil(t, "sidebar toggled off", func(s string) bool { return strings.Count(s, "\n") == 69 && !strings.Contains(s, "model fake/large") })
}

func TestTabFocusesChatToExpandToolResult(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("output line\n", 30)
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Tool(tuitest.ToolStep{Name: "bash", Input: `{"command":"make"}`, Result: long,
		Display: tools.Display{Kind: tools.DisplayCommand, Title: "make", Command: "make", Body: long}})})
	h := startSize(t, fake, tui.Options{}, 100, 60)
	h.WaitFor(t, "DEFAULT")
	h.Type("build")
	h.Press("enter")
	h.WaitFor(t, "… 22 earlier lines")
	h.Press("tab")
	h.WaitFor(t, "› ✓ bash make [+]")
	h.Press("enter")
	h.WaitUntil(t, "expanded", func(s string) bool {
		return strings.Count(s, "output line") == 30 && strings.Contains(s, "[−]")
	})
	h.Type("x") // typing returns to the editor
	h.WaitFor(t, "> x")
}

func TestNoColorHasNoColorCodes(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("# Title\n\nplain `code`")})
	h := start(t, fake, tui.Options{NoColor: true})
	h.WaitFor(t, "DEFAULT")
	h.Type("hi")
	h.Press("enter")
	h.WaitFor(t, "Title")
	if v := h.View().Content; strings.Contains(v, "38;") || strings.Contains(v, "48;") {
		t.Fatalf("NO_COLOR view contains color codes: %q", v)
	}
}

func TestLightBackgroundSwitchesTheme(t *testing.T) {
	t.Parallel()
	h := start(t, tuitest.NewFake(tuitest.Turn{tuitest.Text("answer")}), tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("hi")
	h.Press("enter")
	h.WaitFor(t, "answer")
	dark := h.View().Content
	h.Send(tea.BackgroundColorMsg{Color: color.White})
	h.WaitUntil(t, "light palette", func(string) bool { return h.View().Content != dark })
	if !strings.Contains(h.Screen(), "answer") {
		t.Fatal("content lost on theme switch")
	}
}

func TestAgentNoticesBecomeInfoLines(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("busy"), tuitest.Block()})
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Type("go")
	h.Press("enter")
	h.WaitFor(t, "busy")
	id := fake.Runs()[0].SessionID
	ctx := t.Context()
	fake.Emit(ctx, agent.Event{Type: agent.EventFailover, SessionID: id, Text: "switched to work/claude (rate_limit on openai/gpt-5)"})
	fake.Emit(ctx, agent.Event{Type: agent.EventSummarizing, SessionID: id})
	h.WaitFor(t, "! switched to work/claude (rate_limit on openai/gpt-5)", "summarizing…")
	fake.Emit(ctx, agent.Event{Type: agent.EventSummarized, SessionID: id})
	fake.Emit(ctx, agent.Event{Type: agent.EventInfo, SessionID: id, Text: "images removed: the model cannot read them"})
	fake.Emit(ctx, agent.Event{Type: agent.EventInfo, SessionID: "another-session", Text: "not for this screen"})
	h.WaitFor(t, "· conversation summarized", "· images removed")
	if strings.Contains(h.Screen(), "not for this screen") {
		t.Fatal("an event of another session was shown")
	}
}

func TestMouseWheelScrollsChat(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text(strings.Repeat("line\n\n", 40) + "the end")})
	h := startSize(t, fake, tui.Options{}, 80, 24)
	h.WaitFor(t, "DEFAULT")
	h.Type("long")
	h.Press("enter")
	h.WaitFor(t, "the end")
	h.Send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	h.WaitFor(t, "↓ more below")
	h.Press("end")
	h.WaitUntil(t, "back at the bottom", func(s string) bool { return !strings.Contains(s, "↓ more below") })
}

func TestQuickShiftTabPressesEachAdvanceTheMode(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	h := start(t, fake, tui.Options{})
	h.WaitFor(t, "DEFAULT")
	h.Press("shift+tab", "shift+tab", "shift+tab")
	h.WaitFor(t, "PLAN")
	h.WaitUntil(t, "the backend in plan mode", func(string) bool { return fake.PermissionMode() == "plan" })
}
