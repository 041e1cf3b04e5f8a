package editor

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func newEditor(width int) *Model {
	m := New(styles.New(true, false))
	m.SetSize(width, 8)
	return m
}

func typeText(m *Model, s string) {
	for _, r := range s {
		m.HandleKey(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func press(m *Model, k tea.KeyPressMsg) Action {
	a, _ := m.HandleKey(k)
	return a
}

var (
	enter = tea.KeyPressMsg{Code: tea.KeyEnter}
	ctrlJ = tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}
	up    = tea.KeyPressMsg{Code: tea.KeyUp}
	down  = tea.KeyPressMsg{Code: tea.KeyDown}
)

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := newEditor(w)
			golden.Assert(t, fmt.Sprintf("empty_%d", w), m.View())
			typeText(m, "first line of a prompt that is long enough to wrap at forty columns")
			press(m, ctrlJ)
			typeText(m, "second line")
			m.HandlePaste(strings.Repeat("pasted line\n", 20))
			typeText(m, " @ma")
			m.CompleteAt("main.go")
			golden.Assert(t, fmt.Sprintf("filled_%d", w), m.View())
		})
	}
}

func TestEnterSubmitsAndClears(t *testing.T) {
	t.Parallel()
	m := newEditor(80)
	if a := press(m, enter); a != nil {
		t.Fatalf("empty editor submitted %#v", a)
	}
	typeText(m, "hello")
	press(m, ctrlJ)
	typeText(m, "world")
	a, ok := press(m, enter).(Submit)
	if !ok || a.Text != "hello\nworld" {
		t.Fatalf("submit = %#v", a)
	}
	if m.Value() != "" || !m.Empty() {
		t.Fatalf("editor not cleared: %q", m.Value())
	}
}

func TestHistoryUpDown(t *testing.T) {
	t.Parallel()
	m := newEditor(80)
	m.SetHistory([]string{"one", "two"})
	typeText(m, "draft")
	press(m, up)
	if m.Value() != "two" {
		t.Fatalf("up: %q", m.Value())
	}
	press(m, up)
	press(m, up)
	if m.Value() != "one" {
		t.Fatalf("up up up: %q", m.Value())
	}
	press(m, down)
	press(m, down)
	if m.Value() != "draft" {
		t.Fatalf("down past the newest should restore the draft, got %q", m.Value())
	}
}

func TestLargePasteBecomesAttachment(t *testing.T) {
	t.Parallel()
	m := newEditor(80)
	m.HandlePaste("small paste")
	big := strings.Repeat("x\n", PasteLines+1)
	m.HandlePaste(big)
	if m.Value() != "small paste" {
		t.Fatalf("value = %q", m.Value())
	}
	a, _ := press(m, enter).(Submit)
	if len(a.Attachments) != 1 || a.Attachments[0].Text != big || a.Attachments[0].Name != "paste-1.txt" {
		t.Fatalf("attachments = %+v", a.Attachments)
	}
}

func TestAtQueryAndCompletion(t *testing.T) {
	t.Parallel()
	m := newEditor(80)
	typeText(m, "look at @int")
	q, ok := m.AtQuery()
	if !ok || q != "int" {
		t.Fatalf("AtQuery = %q, %v", q, ok)
	}
	m.CompleteAt("internal/tui/model.go")
	if _, ok := m.AtQuery(); ok {
		t.Fatal("query still open after completion")
	}
	typeText(m, "please")
	a, _ := press(m, enter).(Submit)
	if a.Text != "look at @internal/tui/model.go please" || len(a.Attachments) != 1 || a.Attachments[0].Path != "internal/tui/model.go" {
		t.Fatalf("submit = %+v", a)
	}
	typeText(m, "mail a@b")
	if _, ok := m.AtQuery(); ok {
		t.Fatal("an @ inside a word must not open completion")
	}
}

func TestBackspaceOnEmptyDropsAttachment(t *testing.T) {
	t.Parallel()
	m := newEditor(80)
	typeText(m, "@x")
	m.CompleteAt("x.go")
	for range len("@x.go ") {
		press(m, tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	if len(m.Attachments()) != 1 {
		t.Fatalf("attachment dropped while text remained")
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyBackspace})
	if len(m.Attachments()) != 0 {
		t.Fatalf("backspace on an empty prompt kept the attachment")
	}
}

func TestExternalEditorAction(t *testing.T) {
	t.Parallel()
	m := newEditor(80)
	typeText(m, "draft")
	a, ok := press(m, tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}).(OpenExternal)
	if !ok || a.Text != "draft" {
		t.Fatalf("ctrl+o = %#v", a)
	}
	m.SetValue("edited\n")
	if m.Value() != "edited" {
		t.Fatalf("value = %q", m.Value())
	}
}
