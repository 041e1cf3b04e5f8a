package chat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

// history returns n alternating user/assistant messages.
func history(n int) []message.Message {
	out := make([]message.Message, n)
	for i := range out {
		if i%2 == 0 {
			out[i] = message.Message{ID: fmt.Sprint("m", i), Role: llm.RoleUser, Status: message.StatusDone,
				Parts: []llm.Part{llm.Text(fmt.Sprintf("question %d: how does the parser handle case %d?", i, i))}}
		} else {
			out[i] = message.Message{ID: fmt.Sprint("m", i), Role: llm.RoleAssistant, Status: message.StatusDone,
				Parts: []llm.Part{llm.Text(fmt.Sprintf("Answer %d. The parser **reads** tokens:\n\n- first it scans\n- then it builds `node %d`\n\n```go\nfunc parse() {}\n```", i, i))}}
		}
	}
	return out
}

func TestFollowsBottomUnlessScrolledUp(t *testing.T) {
	t.Parallel()
	m := newChat(60, 10)
	m.SetMessages(history(20))
	if v := golden.Plain(m.View()); !strings.Contains(v, "Answer 19") {
		t.Fatalf("not at the bottom:\n%s", v)
	}
	m.ScrollUp(15)
	if m.Following() {
		t.Fatal("still following after scrolling up")
	}
	before := golden.Plain(m.View())
	m.Upsert(message.Message{ID: "new", Role: llm.RoleUser, Parts: []llm.Part{llm.Text("brand new prompt")}})
	if after := golden.Plain(m.View()); after != before {
		t.Fatalf("new content moved a scrolled-up view:\n%s\n---\n%s", before, after)
	}
	if !strings.Contains(before, "↓ more below") {
		t.Fatal("no hint that more content is below")
	}
	m.Bottom()
	if v := golden.Plain(m.View()); !strings.Contains(v, "brand new prompt") {
		t.Fatalf("End did not jump to the latest:\n%s", v)
	}
}

func TestScrollDownToBottomFollowsAgain(t *testing.T) {
	t.Parallel()
	m := newChat(60, 10)
	m.SetMessages(history(10))
	m.PageUp()
	m.PageUp()
	for range 20 {
		m.PageDown()
	}
	if !m.Following() {
		t.Fatal("reaching the bottom must resume following")
	}
	m.Top()
	if v := golden.Plain(m.View()); !strings.Contains(v, "question 0:") {
		t.Fatalf("Top did not show the first message:\n%s", v)
	}
}

func TestShortChatIsNotScrollable(t *testing.T) {
	t.Parallel()
	m := newChat(60, 30)
	m.SetMessages(history(2))
	m.ScrollUp(5)
	if !m.Following() {
		t.Fatal("a chat that fits must keep following")
	}
}

func TestResizeReflows(t *testing.T) {
	t.Parallel()
	m := newChat(120, 20)
	m.SetMessages(history(6))
	wide := golden.Plain(m.View())
	m.SetSize(40, 20)
	narrow := golden.Plain(m.View())
	for _, ln := range strings.Split(narrow, "\n") {
		if n := len([]rune(ln)); n > 40 {
			t.Fatalf("line of %d cells after shrinking to 40: %q", n, ln)
		}
	}
	if wide == narrow {
		t.Fatal("resize did not reflow")
	}
}

func TestStreamingRendersOnlyTheChangedMessage(t *testing.T) {
	t.Parallel()
	m := newChat(80, 20)
	m.SetMessages(history(40))
	m.View()
	rendered := map[*item][]string{}
	for _, it := range m.items {
		rendered[it] = it.cache.lines
	}
	msg := message.Message{ID: "s", Role: llm.RoleAssistant, Status: message.StatusStreaming, Parts: []llm.Part{llm.Text("partial")}}
	m.Upsert(msg)
	m.View()
	msg.Parts[0].Text += " answer"
	m.Upsert(msg)
	m.View()
	for it, lines := range rendered {
		if len(lines) > 0 && len(it.cache.lines) > 0 && &it.cache.lines[0] != &lines[0] {
			t.Fatalf("message %s was rendered again for a delta of another message", it.msg.ID)
		}
	}
}
