package permission

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	perm "github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

var t0 = time.Unix(1_700_000_000, 0)

func editRequest() perm.Request {
	return perm.Request{
		ID: "r1", ToolName: "edit", Action: perm.ActionWrite, Path: "/work/p/main.go",
		Description: "Replace the greeting in main.go",
		Diff:        "--- a/main.go\n+++ b/main.go\n@@ -3,3 +3,3 @@\n func main() {\n-\tfmt.Println(\"hi\")\n+\tfmt.Println(\"hello\")\n }\n",
	}
}

func bashRequest() perm.Request {
	return perm.Request{ID: "r2", ToolName: "bash", Action: perm.ActionExecute, Command: "rm -rf build && go build ./...",
		Description: "Rebuild from scratch", Path: "/etc/x", OutsideProject: true}
}

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	th := styles.New(true, false)
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := New(th, editRequest(), t0)
			golden.Assert(t, fmt.Sprintf("edit_%d", w), m.View(w, 30))
			b := New(th, bashRequest(), t0)
			b.HandleKey(press("tab"), t0.Add(time.Second))
			golden.Assert(t, fmt.Sprintf("bash_%d", w), b.View(w, 30))
			b.HandleKey(press("f"), t0.Add(time.Second))
			golden.Assert(t, fmt.Sprintf("feedback_%d", w), b.View(w, 30))
		})
	}
}

func TestKeys(t *testing.T) {
	t.Parallel()
	later := t0.Add(time.Second)
	cases := []struct {
		keys []string
		want perm.Answer
		fb   string
	}{
		{[]string{"a"}, perm.AllowOnce, ""},
		{[]string{"s"}, perm.AllowSession, ""},
		{[]string{"d"}, perm.Deny, ""},
		{[]string{"esc"}, perm.Deny, ""},
		{[]string{"tab", "enter"}, perm.AllowOnce, ""},
		{[]string{"tab", "tab", "enter"}, perm.AllowSession, ""},
		{[]string{"f", "n", "o", "enter"}, perm.Deny, "no"},
	}
	for _, c := range cases {
		m := New(styles.New(true, true), editRequest(), t0)
		var got *Answer
		for _, k := range c.keys {
			if a, _ := m.HandleKey(press(k), later); a != nil {
				got = a
			}
		}
		if got == nil || got.Answer != c.want || got.Feedback != c.fb || got.RequestID != "r1" {
			t.Errorf("keys %v: got %+v, want %s %q", c.keys, got, c.want, c.fb)
		}
	}
}

func TestGuardIgnoresEarlyKeysAndEnterNeedsAChoice(t *testing.T) {
	t.Parallel()
	m := New(styles.New(true, true), editRequest(), t0)
	for _, k := range []string{"a", "s", "enter", "tab"} {
		if a, _ := m.HandleKey(press(k), t0.Add(InputGuard/2)); a != nil {
			t.Fatalf("key %q inside the guard answered %+v", k, a)
		}
	}
	if a, _ := m.HandleKey(press("enter"), t0.Add(time.Second)); a != nil {
		t.Fatalf("enter with nothing highlighted answered %+v", a)
	}
}

func sensitiveRequest() perm.Request {
	return perm.Request{ID: "r3", ToolName: "write", Action: perm.ActionWrite, Path: "/work/p/.hone.json",
		Description: "Create .hone.json", Diff: "--- a/.hone.json\n+++ b/.hone.json\n@@ -0,0 +1 @@\n+{\"mcp\": {}}\n",
		Sensitive: ".hone.json is a Hone project config file: it can start programs and choose where requests go"}
}

func TestSensitiveWriteOffersNoSessionGrant(t *testing.T) {
	t.Parallel()
	th := styles.New(true, false)
	golden.Assert(t, "sensitive_80", New(th, sensitiveRequest(), t0).View(80, 30))
	later := t0.Add(time.Second)
	m := New(th, sensitiveRequest(), t0)
	if a, _ := m.HandleKey(press("s"), later); a != nil {
		t.Errorf("s answered a sensitive request: %+v", a)
	}
	var got *Answer
	for _, k := range []string{"tab", "tab", "enter"} {
		if a, _ := m.HandleKey(press(k), later); a != nil {
			got = a
		}
	}
	if got == nil || got.Answer != perm.Deny {
		t.Errorf("second choice = %+v, want deny", got)
	}
	m = New(th, sensitiveRequest(), t0)
	for _, k := range []string{"f", "x", "enter"} {
		if a, _ := m.HandleKey(press(k), later); a != nil {
			got = a
		}
	}
	if got.Answer != perm.Deny || got.Feedback != "x" {
		t.Errorf("feedback = %+v", got)
	}
}
