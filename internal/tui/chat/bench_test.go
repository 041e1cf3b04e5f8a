package chat

import (
	"fmt"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// BenchmarkOpen2000 opens a 2,000-message session and draws the screen:
// only the visible messages are rendered.
func BenchmarkOpen2000(b *testing.B) {
	msgs := history(2000)
	for b.Loop() {
		m := newChat(120, 40)
		m.SetMessages(msgs)
		_ = m.View()
	}
}

// BenchmarkRenderAll2000 renders every message of a 2,000-message chat
// (what scrolling from the bottom to the top costs in total).
func BenchmarkRenderAll2000(b *testing.B) {
	msgs := history(2000)
	for b.Loop() {
		m := newChat(120, 40)
		m.SetMessages(msgs)
		for _, it := range m.items {
			m.lines(it)
		}
	}
}

// BenchmarkScrollPage2000 pages up through a rendered 2,000-message chat.
func BenchmarkScrollPage2000(b *testing.B) {
	m := newChat(120, 40)
	m.SetMessages(history(2000))
	_ = m.View()
	for b.Loop() {
		m.PageUp()
		_ = m.View()
		if m.top == 0 {
			m.Bottom()
		}
	}
}

// BenchmarkStreamingDelta applies one streamed delta to the last message
// of a chat and redraws, as the TUI does for every delta. Within a frame
// the redraw reuses the message's lines; "frame" also advances the
// spinner frame each time, forcing the markdown render of the message's
// growing last block. Neither should depend on the history's length.
func BenchmarkStreamingDelta(b *testing.B) {
	for _, n := range []int{10, 2000} {
		for _, frame := range []bool{false, true} {
			name := fmt.Sprintf("%dmsgs", n)
			if frame {
				name += "/frame"
			}
			b.Run(name, func(b *testing.B) { benchDelta(b, n, frame) })
		}
	}
}

func benchDelta(b *testing.B, n int, frame bool) {
	m := newChat(120, 40)
	m.SetMessages(history(n))
	m.SetBusy(true)
	base := "Here is a long answer.\n\n" + longMarkdown(30) + "\n\nThe last paragraph grows"
	msg := message.Message{ID: "s", Role: llm.RoleAssistant, Status: message.StatusStreaming, Parts: []llm.Part{llm.Text(base)}}
	m.Upsert(msg)
	_ = m.View()
	i := 0
	for b.Loop() {
		i++
		text := msg.Parts[0].Text + " word"
		if i%40 == 0 { // a new paragraph now and then keeps the last block short
			text += "\n\nAnother paragraph"
		}
		msg.Parts = []llm.Part{llm.Text(text)}
		msg.UpdatedAt++
		m.Upsert(msg)
		if frame {
			m.Tick()
		}
		_ = m.View()
	}
}

func longMarkdown(paras int) string {
	s := ""
	for i := range paras {
		s += fmt.Sprintf("Paragraph %d explains a step of the change in some detail, with `code` and **bold** words.\n\n", i)
	}
	return s + "```go\nfunc main() {\n\tprintln(\"hi\")\n}\n```"
}
