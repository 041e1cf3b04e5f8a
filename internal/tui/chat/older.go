package chat

import (
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// A long session opens with its newest messages only; older ones are
// read a page at a time when the view reaches the first loaded line.

// older is what the chat knows of messages before the loaded ones.
type older struct {
	more    bool   // the store holds older messages
	loading bool   // a page was asked for and has not arrived
	first   string // id of the oldest loaded message ("" when none)
}

// SetPage replaces the conversation with the newest messages of a
// session (creation order, as SetMessages) and records whether older ones
// exist.
func (m *Model) SetPage(msgs []message.Message, more bool) {
	m.SetMessages(msgs)
	m.old = older{more: more && len(msgs) > 0}
	if len(msgs) > 0 {
		m.old.first = msgs[0].ID
	}
}

// WantsOlder reports whether older messages should be read now: some
// exist, none are on their way, and the first loaded line is on screen.
// It returns the id to read before and marks the page as on its way.
func (m *Model) WantsOlder() (string, bool) {
	if !m.old.more || m.old.loading || m.old.first == "" || !m.showsFirstLine() {
		return "", false
	}
	m.old.loading = true
	return m.old.first, true
}

// Prepend adds older messages (creation order) before the loaded ones,
// keeping the lines on screen where they are, and records whether still
// older ones exist. A page for another start (the session changed or was
// reloaded meanwhile) is ignored: before is the id it was read before.
func (m *Model) Prepend(before string, msgs []message.Message, more bool) {
	if before != m.old.first {
		return
	}
	m.old.loading = false
	m.old.more = more && len(msgs) > 0
	if len(msgs) == 0 {
		return
	}
	m.old.first = msgs[0].ID
	var add []*item
	for _, msg := range msgs {
		if msg.Role == llm.RoleTool {
			m.attachResults(msg)
			continue
		}
		if _, known := m.byID[msg.ID]; known || msg.Status == message.StatusQueued {
			continue
		}
		it := &item{kind: kindOf(msg), msg: msg}
		m.byID[msg.ID] = it
		m.indexCalls(it)
		m.bump(it)
		add = append(add, it)
	}
	m.items = append(add, m.items...)
	if !m.follow {
		m.top += len(add)
	}
}

// LoadFailed lets a failed page be asked for again on the next scroll.
func (m *Model) LoadFailed() { m.old.loading = false }

// showsFirstLine reports whether the first line of the first item is on
// screen.
func (m *Model) showsFirstLine() bool {
	if len(m.items) == 0 {
		return true
	}
	if !m.follow {
		return m.top == 0 && m.offset == 0
	}
	top, offset := m.anchorFromBottom()
	return top == 0 && offset == 0
}
