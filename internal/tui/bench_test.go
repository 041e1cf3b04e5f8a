package tui

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/session/sessiongen"
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

// sqliteBackend answers the open path from a real store.
type sqliteBackend struct {
	stubBackend
	msgs *message.Service
	sess *session.Service
}

func (s sqliteBackend) GetSession(ctx context.Context, id string) (session.Session, error) {
	return s.sess.Get(ctx, id)
}

func (s sqliteBackend) MessagesTail(ctx context.Context, id string, n int) ([]message.Message, bool, error) {
	return s.msgs.ListTail(ctx, id, n)
}

func (sqliteBackend) Queue(string) []agent.QueuedPrompt { return nil }
func (sqliteBackend) IsBusy(string) bool                { return false }

// BenchmarkOpenSession10k opens a 10,000-message session (sessiongen's
// mix) stored in SQLite the way the TUI does: the load command (session
// and newest page), the root model taking it, the first screen drawn.
// "whole" is the path before paging, every message read and handed to
// the chat, for comparison in the same run.
func BenchmarkOpenSession10k(b *testing.B) {
	ctx := context.Background()
	sqldb, err := db.Open(ctx, filepath.Join(b.TempDir(), db.FileName))
	if err != nil {
		b.Fatal(err)
	}
	defer sqldb.Close()
	gen, err := sessiongen.Generate(ctx, sqldb, sessiongen.Spec{ProjectDir: "/project"})
	if err != nil {
		b.Fatal(err)
	}
	be := sqliteBackend{msgs: message.NewService(sqldb, message.Options{}), sess: session.NewService(sqldb)}
	b.Run("paged", func(b *testing.B) {
		for b.Loop() {
			m := NewModel(ctx, be, Options{})
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
			m.Update(loadSessionCmd(ctx, be, gen.SessionID, false)())
			_ = m.View()
		}
	})
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			m := NewModel(ctx, be, Options{})
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
			s, _ := be.GetSession(ctx, gen.SessionID)
			msgs, err := be.msgs.List(ctx, gen.SessionID)
			if err != nil {
				b.Fatal(err)
			}
			m.Update(sessionLoadedMsg{sess: s, msgs: msgs})
			_ = m.View()
		}
	})
}
