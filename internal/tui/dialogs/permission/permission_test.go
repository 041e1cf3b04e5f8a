package permission

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	perm "github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

var t0 = time.Unix(1_700_000_000, 0)

// later is past the input guard.
var later = t0.Add(time.Second)

func editRequest() perm.Request {
	return perm.Request{
		ID: "r1", ToolName: "edit", Action: perm.ActionWrite, Path: "/work/p/main.go",
		Description:  "Replace the greeting in main.go",
		Diff:         "--- a/main.go\n+++ b/main.go\n@@ -3,3 +3,3 @@\n func main() {\n-\tfmt.Println(\"hi\")\n+\tfmt.Println(\"hello\")\n }\n",
		SessionScope: "every edit call (write) on /work/p/main.go",
	}
}

func bashRequest() perm.Request {
	return perm.Request{ID: "r2", ToolName: "bash", Action: perm.ActionExecute, Command: "rm -rf build && go build ./...",
		Description: "Rebuild from scratch", Path: "/etc/x", OutsideProject: true,
		SessionScope: "bash commands starting with `rm`, `go build` in /etc/x"}
}

// writeRequest writes a file of n numbered lines.
func writeRequest(n int) perm.Request {
	var b strings.Builder
	fmt.Fprintf(&b, "@@ -0,0 +1,%d @@\n", n)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "+line number %d of the new file\n", i)
	}
	return perm.Request{ID: "r3", ToolName: "write", Action: perm.ActionWrite, Path: "/work/p/big.txt",
		Description: "Create big.txt", Diff: b.String(), SessionScope: "every write call (write) on /work/p/big.txt"}
}

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	th := styles.New(true, false)
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(th, editRequest(), t0, false)
			golden.Assert(t, fmt.Sprintf("edit_%d", w), m.View(w, 30))
			b := New(th, bashRequest(), t0, false)
			b.HandleKey(press("tab"), later)
			golden.Assert(t, fmt.Sprintf("bash_%d", w), b.View(w, 30))
			b.HandleKey(press("f"), later)
			golden.Assert(t, fmt.Sprintf("feedback_%d", w), b.View(w, 30))
			p := New(th, writeRequest(120), t0, true)
			p.SetSize(w, 20)
			golden.Assert(t, fmt.Sprintf("passive_%d", w), p.View(w, 20))
		})
	}
}

// keys presses keys at time at and returns the answer, if any.
func keys(m *Model, at time.Time, ks ...string) *Answer {
	var got *Answer
	for _, k := range ks {
		if a, _, _ := m.HandleKey(press(k), at); a != nil {
			got = a
		}
	}
	return got
}

func TestKeysOfAnIdleUser(t *testing.T) {
	t.Parallel()
	cases := []struct {
		keys []string
		want perm.Answer
		fb   string
	}{
		{[]string{"enter"}, perm.AllowOnce, ""}, // allow once is highlighted at first
		{[]string{"esc"}, perm.Deny, ""},
		{[]string{"tab", "enter"}, perm.AllowSession, ""},
		{[]string{"right", "right", "enter"}, perm.Deny, ""},
		// Letters answer once the user engaged the dialog.
		{[]string{"tab", "a"}, perm.AllowOnce, ""},
		{[]string{"down", "s"}, perm.AllowSession, ""},
		{[]string{"tab", "d"}, perm.Deny, ""},
		{[]string{"tab", "f", "n", "o", "enter"}, perm.Deny, "no"},
	}
	for _, c := range cases {
		m := New(styles.New(true, true), editRequest(), t0, false)
		got := keys(m, later, c.keys...)
		if got == nil || got.Answer != c.want || got.Feedback != c.fb || got.RequestID != "r1" {
			t.Errorf("keys %v: got %+v, want %s %q", c.keys, got, c.want, c.fb)
		}
	}
}

func TestTypingNeverAnswers(t *testing.T) {
	t.Parallel()
	sentence := "please also check the section about dates and send it"
	for _, typing := range []bool{true, false} {
		m := New(styles.New(true, true), editRequest(), t0, typing)
		var toEditor strings.Builder
		for i, r := range sentence {
			a, handled, _ := m.HandleKey(press(string(r)), t0.Add(time.Duration(i)*150*time.Millisecond))
			if a != nil {
				t.Fatalf("typing=%v: %q answered %+v", typing, r, a)
			}
			if !handled {
				toEditor.WriteRune(r)
			}
		}
		if toEditor.String() != sentence {
			t.Errorf("typing=%v: the editor got %q, want every key of %q", typing, toEditor.String(), sentence)
		}
		if !m.Passive() {
			t.Errorf("typing=%v: the dialog kept the keyboard while the user typed", typing)
		}
		// Enter while passive submits the editor's text: not the dialog's.
		if a, handled, _ := m.HandleKey(press("enter"), later); a != nil || handled {
			t.Errorf("typing=%v: enter while passive: answer %+v, handled %v", typing, a, handled)
		}
		if got := keys(m, later, "tab", "d"); got == nil || got.Answer != perm.Deny {
			t.Errorf("typing=%v: tab then d = %+v, want a denial", typing, got)
		}
	}
}

func TestGuardIgnoresEnterAndEscRightAfterTakingTheKeyboard(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), editRequest(), t0, false)
	if a := keys(m, t0.Add(InputGuard/2), "enter", "esc"); a != nil {
		t.Fatalf("enter/esc inside the guard answered %+v", a)
	}
	p := New(styles.New(true, true), editRequest(), t0, true)
	p.TakeKeyboard(later)
	if a := keys(p, later.Add(InputGuard/2), "enter"); a != nil {
		t.Fatalf("enter right after the dialog took the keyboard answered %+v", a)
	}
	if a := keys(p, later.Add(InputGuard), "enter"); a == nil || a.Answer != perm.AllowOnce {
		t.Fatalf("enter after the guard = %+v, want allow once", a)
	}
}

func TestSessionChoiceOnlyWhenAGrantCoversMore(t *testing.T) {
	t.Parallel()
	th := styles.New(true, true)
	req := bashRequest()
	view := ansi.Strip(New(th, req, t0, false).View(80, 30))
	if !strings.Contains(view, "Allow for this session") || !strings.Contains(view, "also allows bash commands starting with `rm`") {
		t.Errorf("the session choice or its scope is missing:\n%s", view)
	}
	req.SessionScope = ""
	m := New(th, req, t0, false)
	view = ansi.Strip(m.View(80, 30))
	if strings.Contains(view, "session") {
		t.Errorf("the session choice is offered where a grant covers nothing more:\n%s", view)
	}
	if a := keys(m, later, "tab", "s"); a != nil {
		t.Errorf("s answered %+v without a session choice", a)
	}
	if a := keys(New(th, req, t0, false), later, "right", "enter"); a == nil || a.Answer != perm.Deny {
		t.Errorf("the choice after allow once = %+v, want deny", a)
	}
}

func TestLongWriteScrollsToItsEnd(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), writeRequest(120), t0, false)
	m.SetSize(80, 20) // 80x24 less the editor and the status line
	first := ansi.Strip(m.View(80, 20))
	if !strings.Contains(first, "line number 1 of") || strings.Contains(first, "line number 120 of") {
		t.Fatalf("first page:\n%s", first)
	}
	if !strings.Contains(first, "lines 1–") || !strings.Contains(first, "of 123") {
		t.Errorf("no scroll position shown:\n%s", first)
	}
	for range 40 {
		keys(m, later, "pgdown")
	}
	last := ansi.Strip(m.View(80, 20))
	if !strings.Contains(last, "line number 120 of the new file") || !strings.Contains(last, "of 123") {
		t.Errorf("the end of the write cannot be reached:\n%s", last)
	}
	for _, ln := range strings.Split(last, "\n") {
		if w := ansi.StringWidth(ln); w > 80 {
			t.Errorf("line wider than 80 cells (%d): %q", w, ln)
		}
	}
	if n := strings.Count(last, "\n") + 1; n > 20 {
		t.Errorf("dialog is %d lines high, want at most 20", n)
	}
	keys(m, later, "pgup")
	if up := ansi.Strip(m.View(80, 20)); up == last {
		t.Error("pgup did not scroll back")
	}
	m.Wheel(1000)
	if got := ansi.Strip(m.View(80, 20)); got != last {
		t.Errorf("the wheel does not reach the same end:\n%s", got)
	}
}

func TestHintFitsEightyColumns(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), editRequest(), t0, false)
	keys(m, later, "tab")
	view := ansi.Strip(m.View(80, 30))
	for _, want := range []string{"a allow", "s session", "d deny", "f feedback", "enter confirm", "esc deny"} {
		if !strings.Contains(view, want) {
			t.Errorf("the hint lacks %q at 80 columns:\n%s", want, view)
		}
	}
	if strings.Contains(view, "…\n") || strings.Contains(view, "… │") {
		t.Errorf("something is cut at 80 columns:\n%s", view)
	}
}

func sensitiveRequest() perm.Request {
	return perm.Request{ID: "r3", ToolName: "write", Action: perm.ActionWrite, Path: "/work/p/.hone.json",
		Description: "Create .hone.json", Diff: "--- a/.hone.json\n+++ b/.hone.json\n@@ -0,0 +1 @@\n+{\"mcp\": {}}\n",
		Sensitive: ".hone.json is a Hone project config file: it can start programs and choose where requests go"}
}

// A sensitive write says why it always asks, and offers no session grant
// (the service leaves its SessionScope empty).
func TestSensitiveWriteSaysWhyAndOffersNoSessionGrant(t *testing.T) {
	t.Parallel()
	th := styles.New(true, false)
	golden.Assert(t, "sensitive_80", New(th, sensitiveRequest(), t0, false).View(80, 30))
	view := ansi.Strip(New(th, sensitiveRequest(), t0, false).View(80, 30))
	if !strings.Contains(view, "! sensitive: .hone.json is a Hone project config file") || strings.Contains(view, "session") {
		t.Errorf("the dialog does not say why, or offers a session grant:\n%s", view)
	}
	if a := keys(New(th, sensitiveRequest(), t0, false), later, "tab", "s"); a != nil {
		t.Errorf("s answered a sensitive request: %+v", a)
	}
	if a := keys(New(th, sensitiveRequest(), t0, false), later, "right", "enter"); a == nil || a.Answer != perm.Deny {
		t.Errorf("the choice after allow once = %+v, want deny", a)
	}
}

// A command the sandbox blocked says so before asking to run it unconfined.
func TestSandboxBlockedSaysSo(t *testing.T) {
	t.Parallel()
	req := bashRequest()
	req.SandboxBlocked = "touch: cannot touch '/home/u/x': Permission denied"
	view := ansi.Strip(New(styles.New(true, false), req, t0, false).View(80, 30))
	if !strings.Contains(view, "! blocked by the sandbox: touch") || !strings.Contains(view, "without the sandbox") {
		t.Errorf("the dialog does not say the sandbox blocked the command:\n%s", view)
	}
}
