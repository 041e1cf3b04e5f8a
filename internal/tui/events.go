package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/tui/chat"
	"github.com/honecode/hone/internal/tui/status"
)

// handleEvent applies a broker event; events of other sessions are
// ignored, except permission requests, which always need an answer.
func (m *Model) handleEvent(msg tea.Msg) tea.Cmd {
	switch e := msg.(type) {
	case messageEventMsg:
		if e.Payload.SessionID != m.sess.ID || m.sess.ID == "" {
			return nil
		}
		if e.Type == pubsub.Deleted {
			// A queued prompt's message is deleted when the prompt is
			// folded into a turn or removed: it has left the queue, even
			// if a queue event saying so is lost or overtaken.
			m.chat.Remove(e.Payload.ID)
			m.dropQueued(e.Payload.ID)
			return nil
		}
		m.chat.Upsert(e.Payload)
		m.noteAnswer(e.Payload)
		if m.takenBy(e) {
			return m.taken()
		}
	case sessionEventMsg:
		if e.Payload.ID != m.sess.ID || m.sess.ID == "" {
			return nil
		}
		if e.Type == pubsub.Deleted {
			m.newSession()
			return m.flash(status.Warn, "this session was deleted")
		}
		m.sess = e.Payload
	case agentEventMsg:
		if e.Payload.SessionID != m.sess.ID || m.sess.ID == "" {
			return nil
		}
		return m.handleAgentEvent(e.Payload)
	case permissionEventMsg:
		return m.handlePermissionEvent(e)
	}
	return nil
}

func (m *Model) handleAgentEvent(e agent.Event) tea.Cmd {
	switch e.Type {
	case agent.EventTurnStarted:
		m.failed, m.retrying = false, false
		return m.setBusy(true)
	case agent.EventTurnFinished:
		m.retrying = false
		cmd := m.setBusy(false)
		m.turnResult(e.Result)
		return tea.Batch(cmd, filesCmd(m.ctx, m.b, m.sess.ID), m.endReview(), m.notify(turnEndText(e.Result)))
	case agent.EventQueueChanged:
		m.queue.SetItems(queueItems(e.Queue))
		m.leaveEmptyQueue()
	case agent.EventFailover:
		m.chat.AddInfo(chat.LevelWarn, e.Text)
	case agent.EventInfo, agent.EventModelSwitch:
		m.chat.AddInfo(chat.LevelInfo, e.Text)
	case agent.EventRetrying:
		m.retrying = true
		m.updateActivity()
		m.chat.AddInfo(chat.LevelWarn, e.Text)
	case agent.EventMessage, agent.EventStepFinished:
		if m.retrying {
			m.retrying = false
			m.updateActivity()
		}
	case agent.EventSummarizing:
		m.summing = true
		m.updateActivity()
		return m.startTicking()
	case agent.EventSummarized:
		m.summing = false
		m.updateActivity()
		m.chat.AddInfo(chat.LevelInfo, "conversation summarized: the model now sees a summary of the earlier messages")
	case agent.EventToolStarted:
		if e.Call != nil {
			m.chat.ToolStarted(e.Call.ToolCallID)
		}
	case agent.EventToolFinished:
		if e.ResultPart != nil {
			m.chat.ToolFinished(*e.ResultPart)
		}
		return filesCmd(m.ctx, m.b, m.sess.ID)
	}
	return nil
}

// turnResult adds an info line when a turn ended other than normally
// (cancellations are already marked on the message). A failure is shown
// once, its root cause in one line, with the key that retries it now.
func (m *Model) turnResult(r *agent.Result) {
	if r == nil {
		return
	}
	if failure(r.Reason) {
		m.failed = true
		cause := "the model call failed"
		if r.Err != nil {
			cause = r.Err.Error()
		}
		m.chat.AddFailure(cause, m.keys.RetryNow.Help().Key+" retry now")
		return
	}
	switch r.Reason {
	case agent.ExitMaxSteps:
		m.chat.AddInfo(chat.LevelWarn, "stopped: the step limit was reached (send a prompt to continue)")
	case agent.ExitMaxCost:
		m.chat.AddInfo(chat.LevelWarn, "stopped: the cost limit was reached")
	case agent.ExitLoop:
		m.chat.AddInfo(chat.LevelWarn, "stopped: the model kept repeating the same tool call")
	case agent.ExitPermissionDenied:
		m.chat.AddInfo(chat.LevelWarn, "stopped after a permission was denied")
	case agent.ExitEmptyAnswer:
		m.chat.AddInfo(chat.LevelWarn, "the model ended its turn without an answer")
	}
}

// failure reports whether a turn that ended with r failed ("retry now"
// may mend it), rather than stopping at a limit or a denial.
func failure(r agent.ExitReason) bool {
	switch r {
	case agent.ExitProviderError, agent.ExitAuth, agent.ExitError, agent.ExitOutputTooLarge:
		return true
	}
	return false
}

// leaveEmptyQueue gives the keyboard back to the editor once the
// focused queue is empty.
func (m *Model) leaveEmptyQueue() {
	if m.focus == focusQueue && m.queue.Len() == 0 {
		m.setFocus(focusEditor)
	}
}
