package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui/editor"
	"github.com/honecode/hone/internal/tui/queue"
)

// submit sends the prompt, creating the session on the first prompt.
func (m *Model) submit(p editor.Submit) tea.Cmd {
	m.setFocus(focusEditor)
	m.chat.Bottom()
	return m.send(p)
}

// send hands one prompt at a time to the agent: until the agent has taken
// the previous one (its user message was stored, or its run ended), later
// prompts wait in m.early, so they reach the agent in the order they were
// typed.
func (m *Model) send(p editor.Submit) tea.Cmd {
	if m.sending {
		m.early = append(m.early, p)
		return nil
	}
	m.sending, m.inflight = true, p.Text
	if m.sess.ID == "" {
		return createSessionCmd(m.ctx, m.b, p)
	}
	return m.run(p)
}

// takenBy reports whether a stored message is the prompt in flight: a new
// user message whose first text part is the prompt (attachments follow it
// as further parts).
func (m *Model) takenBy(e messageEventMsg) bool {
	if !m.sending || e.Type != pubsub.Created || e.Payload.Role != llm.RoleUser {
		return false
	}
	if m.inflight == "" {
		return true // attachments only
	}
	for _, p := range e.Payload.Parts {
		if p.Type == llm.PartText {
			return strings.TrimSpace(p.Text) == m.inflight
		}
	}
	return false
}

// taken records that the agent took the last prompt and sends the next
// waiting one.
func (m *Model) taken() tea.Cmd {
	m.sending = false
	if len(m.early) == 0 {
		return nil
	}
	p := m.early[0]
	m.early = m.early[1:]
	return m.send(p)
}

// retryNow asks the model again on the failed session's history.
func (m *Model) retryNow() tea.Cmd {
	m.failed = false
	return tea.Batch(retryCmd(m.ctx, m.b, m.sess.ID), m.setBusy(true))
}

func (m *Model) run(p editor.Submit) tea.Cmd {
	m.runSeq++
	cmd := runCmd(m.ctx, m.b, m.workDir, m.sess.ID, m.runSeq, p)
	if m.busy {
		return cmd // queued by the agent
	}
	return tea.Batch(cmd, m.setBusy(true))
}

// setBusy switches every component between idle and working.
func (m *Model) setBusy(busy bool) tea.Cmd {
	m.busy = busy
	m.chat.SetBusy(busy)
	m.editor.SetBusy(busy)
	m.updateActivity()
	if busy {
		m.status.SetHints(busyHints())
		return m.startTicking()
	}
	m.status.SetHints(idleHints())
	m.status.ClearFlash(m.cancelFlash) // "cancelling…" is over
	return nil
}

func (m *Model) updateActivity() {
	switch {
	case m.summing:
		m.status.SetActivity("summarizing")
	case m.busy && m.retrying:
		m.status.SetActivity("retrying")
	case m.busy:
		m.status.SetActivity("working")
	default:
		m.status.SetActivity("")
	}
}

// newSession clears the screen for a session created by the next prompt.
func (m *Model) newSession() {
	m.sess = session.Session{}
	m.sending, m.early = false, nil
	m.chat.SetMessages(nil)
	m.answeredBy = ""
	m.queue.SetItems(nil)
	m.files = nil
	m.summing, m.failed, m.retrying = false, false, false
	m.setBusy(false)
	m.setFocus(focusEditor)
}

// openSession shows a loaded session.
func (m *Model) openSession(msg sessionLoadedMsg) tea.Cmd {
	m.sess = msg.sess
	m.sending, m.early = false, nil
	m.chat.SetPage(msg.msgs, msg.more)
	m.answeredBy = ""
	for _, stored := range msg.msgs {
		m.noteAnswer(stored)
	}
	m.editor.SetHistory(m.chat.UserTexts())
	m.queue.SetItems(queueItems(msg.queue))
	m.files = nil
	m.summing, m.failed, m.retrying = false, false, false
	m.setFocus(focusEditor)
	return tea.Batch(m.setBusy(msg.busy), filesCmd(m.ctx, m.b, m.sess.ID), m.sessionModels())
}

func queueItems(q []agent.QueuedPrompt) []queue.Item {
	items := make([]queue.Item, len(q))
	for i, p := range q {
		items[i] = queue.Item{ID: p.MessageID, Text: p.Text}
	}
	return items
}

// noteAnswer remembers which model wrote an assistant message, so the
// sidebar names the model that actually answered (after a failover).
func (m *Model) noteAnswer(msg message.Message) {
	if msg.Role == llm.RoleAssistant && msg.Provider != "" && msg.Model != "" {
		m.answeredBy = msg.Provider + "/" + msg.Model
	}
}
