package chat

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

func failedAnswer(updated int64, cause string) message.Message {
	return message.Message{ID: "a1", Role: llm.RoleAssistant, Status: message.StatusDone, UpdatedAt: updated, FinishReason: llm.FinishError,
		Parts: []llm.Part{llm.Text("partial"), {Type: llm.PartFinish, Reason: llm.FinishError, Text: cause}}}
}

// TestFailureShownOnce: whether the failed message's final state arrives
// before or after the turn's failure, the cause appears once, with the
// retry hint.
func TestFailureShownOnce(t *testing.T) {
	t.Parallel()
	const cause = "429 rate limited for provider work: slow down"
	for name, order := range map[string]func(m *Model){
		"message first": func(m *Model) {
			m.Upsert(failedAnswer(2, cause))
			m.AddFailure(cause, "ctrl+r retry now")
		},
		"failure first": func(m *Model) {
			m.Upsert(message.Message{ID: "a1", Role: llm.RoleAssistant, Status: message.StatusStreaming, UpdatedAt: 1, Parts: []llm.Part{llm.Text("partial")}})
			m.AddFailure(cause, "ctrl+r retry now")
			m.Upsert(failedAnswer(2, cause))
		},
	} {
		m := newChat(120, 40)
		order(m)
		view := m.View()
		if n := strings.Count(view, "slow down"); n != 1 || !strings.Contains(view, "slow down · ctrl+r retry now") {
			t.Errorf("%s: cause shown %d times:\n%s", name, n, view)
		}
	}
}

func TestFailureWithoutMessage(t *testing.T) {
	t.Parallel()
	m := newChat(120, 40)
	m.AddFailure("connection refused at 127.0.0.1:9 (provider work)", "ctrl+r retry now")
	if v := m.View(); !strings.Contains(v, "✗ the turn failed: connection refused at 127.0.0.1:9 (provider work) · ctrl+r retry now") {
		t.Errorf("view:\n%s", v)
	}
}
