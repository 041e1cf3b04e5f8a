package tui

import (
	"context"
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
)

// stubBackend answers WorkDir only; the benchmarks never reach the rest.
type stubBackend struct{ Backend }

func (stubBackend) WorkDir() string { return "/project" }

func benchModel(b *testing.B, n int) *Model {
	m := NewModel(context.Background(), stubBackend{}, Options{})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	m.started = true
	msgs := make([]message.Message, n)
	for i := range msgs {
		role := llm.RoleUser
		if i%2 == 1 {
			role = llm.RoleAssistant
		}
		msgs[i] = message.Message{ID: fmt.Sprint("m", i), SessionID: "s", Role: role, Status: message.StatusDone,
			Parts: []llm.Part{llm.Text(fmt.Sprintf("message %d with **markdown** and `code`\n\n- item\n- item", i))}}
	}
	m.sess = session.Session{ID: "s"}
	m.chat.SetMessages(msgs)
	m.handleAgentEvent(agent.Event{Type: agent.EventTurnStarted, SessionID: "s"})
	_ = m.View()
	return m
}

// BenchmarkRootStreamingDelta is the whole cost of one streamed delta in
// the TUI: the message event through Update, then View of the full screen
// (chat, editor, sidebar, status), in a 2,000-message session.
func BenchmarkRootStreamingDelta(b *testing.B) {
	m := benchModel(b, 2000)
	msg := message.Message{ID: "live", SessionID: "s", Role: llm.RoleAssistant, Status: message.StatusStreaming,
		Parts: []llm.Part{llm.Text("Streaming answer")}}
	i := 0
	for b.Loop() {
		i++
		msg.Parts = []llm.Part{llm.Text(msg.Parts[0].Text + " tok")}
		if i%50 == 0 {
			msg.Parts[0].Text += "\n\nnew paragraph"
		}
		m.Update(messageEventMsg(pubsub.Event[message.Message]{Type: pubsub.Updated, Payload: msg}))
		if i%4 == 0 {
			m.Update(tickMsg{}) // about one frame every few deltas at hundreds of tokens/s
		}
		_ = m.View()
	}
}

// BenchmarkRootOpen2000 loads a 2,000-message session into the root model
// and draws the first screen.
func BenchmarkRootOpen2000(b *testing.B) {
	for b.Loop() {
		_ = benchModel(b, 2000).View()
	}
}
