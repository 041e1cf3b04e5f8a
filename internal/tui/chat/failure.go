package chat

import (
	"slices"

	"github.com/honecode/hone/internal/llm"
)

// AddFailure shows why a turn failed, once, with hint (the key that
// retries it). When the turn's last assistant message already ends with
// that error, the hint joins its error line; otherwise an error line says
// "the turn failed: cause · hint". Should that message's final state
// arrive later, it takes the line over (see takeFailure), so the cause is
// never shown twice.
func (m *Model) AddFailure(cause, hint string) {
	if it := m.lastAssistant(); it != nil && errorNote(it) == cause {
		it.hint = hint
		m.bump(it)
		return
	}
	text := "the turn failed: " + cause
	if hint != "" {
		text += " · " + hint
	}
	it := &item{kind: kindInfo, info: text, level: LevelError, failure: cause, hint: hint}
	m.bump(it)
	m.items = append(m.items, it)
}

// takeFailure moves a failure line that repeats the error it ends with
// onto the assistant message it.
func (m *Model) takeFailure(it *item) {
	note := errorNote(it)
	if note == "" {
		return
	}
	i := slices.IndexFunc(m.items, func(x *item) bool { return x.kind == kindInfo && x.failure == note })
	if i < 0 || slices.Index(m.items, it) > i {
		return
	}
	it.hint = m.items[i].hint
	m.items = slices.Delete(m.items, i, i+1)
}

// lastAssistant is the latest assistant message item, or nil.
func (m *Model) lastAssistant() *item {
	for i := len(m.items) - 1; i >= 0; i-- {
		if it := m.items[i]; it.kind != kindInfo && it.msg.Role == llm.RoleAssistant {
			return it
		}
	}
	return nil
}

// errorNote is the error an assistant message ended with, or "".
func errorNote(it *item) string {
	if it.msg.Role != llm.RoleAssistant {
		return ""
	}
	for _, p := range it.msg.Parts {
		if p.Type == llm.PartFinish && (p.Reason == llm.FinishError || p.Reason == llm.FinishOutputTooLarge) {
			return p.Text
		}
	}
	return ""
}
