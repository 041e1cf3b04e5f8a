package chat

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tui/styles"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

func newChat(width, height int) *Model {
	m := New(styles.New(true, false))
	m.SetSize(width, height)
	return m
}

func TestGoldenConversation(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := newChat(w, 200)
			m.SetMessages(conversation())
			m.AddInfo(LevelWarn, "switched to work/claude-sonnet-4-6 (rate_limit on openai/gpt-5)")
			golden.Assert(t, fmt.Sprintf("conversation_%d", w), strings.TrimRight(m.View(), "\n"))
		})
	}
}

func TestGoldenExpanded(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := newChat(w, 200)
			m.SetMessages(conversation())
			m.Toggle("a1#r0")
			m.Toggle("c3")
			golden.Assert(t, fmt.Sprintf("expanded_%d", w), strings.TrimRight(m.View(), "\n"))
		})
	}
}

func TestGoldenStreaming(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			m := newChat(w, 30)
			m.SetBusy(true)
			m.Upsert(message.Message{ID: "u", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("hello")}})
			m.Upsert(message.Message{ID: "a", Role: llm.RoleAssistant, Status: message.StatusStreaming, Parts: []llm.Part{
				llm.Text("Running the tests now."), call("c", "bash", `{"command":"go test ./..."}`)}})
			m.ToolStarted("c")
			golden.Assert(t, fmt.Sprintf("streaming_%d", w), m.View())
		})
	}
}

func TestInterruptedSessionShowsIt(t *testing.T) {
	t.Parallel()
	m := newChat(80, 20)
	m.SetMessages([]message.Message{
		{ID: "u", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("go")}},
		{ID: "a", Role: llm.RoleAssistant, Status: message.StatusStreaming, Parts: []llm.Part{
			llm.Text("partial"), call("c", "bash", `{"command":"sleep 100"}`)}},
	})
	v := golden.Plain(m.View())
	for _, want := range []string{"interrupted: this turn did not finish", "⊘ bash sleep 100 interrupted"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

func TestSelectionTogglesFold(t *testing.T) {
	t.Parallel()
	m := newChat(80, 200)
	m.SetMessages(conversation())
	m.Focus()
	if m.Selected() != "c5" {
		t.Fatalf("selected %q, want the last fold c5", m.Selected())
	}
	for range 3 {
		m.HandleKey(tea.KeyPressMsg{Code: tea.KeyUp})
	}
	if m.Selected() != "c2" {
		t.Fatalf("selected %q after 3 ups, want c2", m.Selected())
	}
	m.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !m.expanded["c2"] {
		t.Fatal("enter did not expand the selected call")
	}
	if v := golden.Plain(m.View()); !strings.Contains(v, "›") {
		t.Errorf("selected header not marked:\n%s", v)
	}
}

func TestUserAttachmentsAreNamed(t *testing.T) {
	t.Parallel()
	m := newChat(80, 10)
	m.Upsert(message.Message{ID: "u", Role: llm.RoleUser, Parts: []llm.Part{
		llm.Text("look at this"),
		llm.Text("<attachment name=\"main.go\">\npackage main\n\nfunc main() {}\n</attachment>"),
		llm.Text("raw pasted\ntext"),
		{Type: llm.PartImage, MediaType: "image/png"},
	}})
	v := golden.Plain(m.View())
	for _, want := range []string{"┃ look at this", "┃ attachment main.go · 3 lines", "┃ attachment · 2 lines", "┃ image · image/png"} {
		if !strings.Contains(v, want) {
			t.Errorf("missing %q in:\n%s", want, v)
		}
	}
}
