package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// humanKeyGap is the pause between two keys typed "by a person".
const humanKeyGap = 60 * time.Millisecond

func TestPermissionDialogNeverTakesKeysTypedWhileItOpens(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	config := u.fakeConfig(script{Turns: []any{
		// A command that only reads runs without asking: it holds the turn
		// until the test has started typing, so the dialog below opens in
		// the middle of the typing, however slow the machine.
		callTool("Let me check first.", "bash", map[string]any{
			"command": "while [ ! -e typing-started ]; do sleep 0.05; done", "description": "wait"}),
		callTool("I will create the file.", "bash", map[string]any{
			"command": "touch typed-through.txt", "description": "create the file"}),
		// The follow-up is folded into the turn before this step.
		"Understood, I did not create it, and noted your follow-up.",
	}})
	p := openHone(newTmux(t, u), u, config, 120, 35)
	p.submit("create typed-through.txt")
	// Type a follow-up at a person's pace, one key at a time, full of the
	// dialog's answer letters (a, s, d, f), until the dialog has been open
	// for a good many keys.
	const words = "so send a draft of the section on the world fares and dates "
	typed, openedAt := "", -1
	for i := 0; openedAt < 0 || len(typed) < openedAt+25; i++ {
		if i >= 3*len(words) {
			t.Fatalf("the permission dialog never opened; the screen shows:\n%s", p.screen())
		}
		ch := string(words[i%len(words)])
		p.typeText(ch)
		typed += ch
		if i == 3 {
			u.writeProjectFile("typing-started", "")
		}
		time.Sleep(humanKeyGap)
		if openedAt < 0 && strings.Contains(p.screen(), permissionTitle) {
			openedAt = len(typed)
		}
	}
	if openedAt < 4 { // typing-started was created after the fourth key
		t.Fatalf("the dialog was open before the typing started (at key %d)", openedAt)
	}
	// Nothing was answered and every key reached the editor.
	scr := p.waitFor(permissionTitle, "keys go to the editor", "> "+typed)
	if _, ok := u.readProjectFile("typed-through.txt"); ok {
		t.Fatalf("typing answered the permission request: the command ran\n%s", scr)
	}
	// Enter sends the draft as a follow-up; the dialog still waits.
	p.keys("Enter")
	p.waitFor("Queued (1)", permissionTitle)
	answerPermission(p, "d")
	p.waitFor("Understood, I did not create it, and noted your follow-up.", idleHint)
	if _, ok := u.readProjectFile("typed-through.txt"); ok {
		t.Fatal("the command ran although it was denied")
	}
	list := u.sessions(config)
	if len(list) != 1 {
		t.Fatalf("sessions = %+v", list)
	}
	var prompts []string
	for _, m := range u.messages(config, list[0].ID) {
		if m.Role == "user" {
			for _, part := range m.Parts {
				prompts = append(prompts, part.Text)
			}
		}
	}
	if len(prompts) != 2 || prompts[1] != strings.TrimSpace(typed) {
		t.Errorf("stored prompts = %q, want the typed follow-up %q intact", prompts, strings.TrimSpace(typed))
	}
}

func TestPermissionDialogScrollsALongWriteAt80x24(t *testing.T) {
	t.Parallel()
	var content strings.Builder
	for i := 1; i <= 120; i++ {
		fmt.Fprintf(&content, "line %03d of the new file\n", i)
	}
	u := newUser(t)
	config := u.fakeConfig(script{Turns: []any{
		callTool("Writing it.", "write", map[string]any{"file_path": "long.txt", "content": content.String()}),
		"The file is written.",
	}})
	p := openHone(newTmux(t, u), u, config, 80, 24)
	p.submit("write long.txt")
	scr := p.waitFor(permissionTitle, "line 001 of the new file", "lines 1–")
	if !strings.Contains(scr, "“Allow for this session” also allows") || !strings.Contains(scr, "long.txt") {
		t.Errorf("the dialog does not say what allowing for the session covers:\n%s", scr)
	}
	// The first key into the dialog: every key hint is on screen.
	p.keys("Tab")
	scr = p.waitFor("a allow", "s session", "d deny", "f feedback", "enter confirm", "esc deny")
	if strings.Contains(scr, "line 120 of") {
		t.Fatalf("the whole write fits without scrolling; the test proves nothing:\n%s", scr)
	}
	for range 30 {
		p.keys("NPage")
	}
	p.waitFor("line 120 of the new file", "of 1")
	p.keys("a")
	p.waitFor("The file is written.", idleHint)
	if got, _ := u.readProjectFile("long.txt"); got != content.String() {
		t.Errorf("long.txt has %d bytes, want the 120 lines", len(got))
	}
}

func TestPipedTextBecomesTheEditorsDraft(t *testing.T) {
	t.Parallel()
	u := newUser(t)
	config := u.fakeConfig(script{Turns: []any{"The plan looks fine."}})
	s := newTmux(t, u)
	// printf | hone: the text arrives on stdin; hone reads its keys from
	// the terminal.
	argv := append([]string{"sh", "-c", `printf 'review the plan in plan.md' | "$0" "$@"`}, u.honeArgs(config)...)
	p := s.start(u.project, 120, 35, argv...)
	p.waitFor("> review the plan in plan.md")
	if list := u.sessions(config); len(list) != 0 {
		t.Fatalf("the piped text was sent before the user did: %+v", list)
	}
	p.keys("Enter")
	p.waitFor("The plan looks fine.", idleHint)
	list := u.sessions(config)
	if len(list) != 1 {
		t.Fatalf("sessions = %+v", list)
	}
	msgs := u.messages(config, list[0].ID)
	if len(msgs) == 0 || msgs[0].Role != "user" || msgs[0].Parts[0].Text != "review the plan in plan.md" {
		t.Errorf("first message = %+v, want the piped text as the prompt", msgs)
	}
}
