package chat

import (
	"slices"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
)

// SetMessages replaces the conversation with msgs (a session's messages in
// creation order) and scrolls to the bottom.
func (m *Model) SetMessages(msgs []message.Message) {
	m.reset()
	for _, msg := range msgs {
		m.Upsert(msg)
	}
}

// Upsert adds a new message or updates a known one. Tool messages attach
// their results to the calls they answer; queued prompts stay hidden until
// they are folded into a turn.
func (m *Model) Upsert(msg message.Message) {
	if msg.Role == llm.RoleTool {
		m.attachResults(msg)
		return
	}
	if it, ok := m.byID[msg.ID]; ok {
		if msg.UpdatedAt != 0 && msg.UpdatedAt < it.msg.UpdatedAt {
			return // a stale event overtaken by a newer value
		}
		it.msg = msg
		it.kind = kindOf(msg)
		m.indexCalls(it)
		m.takeFailure(it)
		m.bump(it)
		return
	}
	if msg.Status == message.StatusQueued {
		return
	}
	it := &item{kind: kindOf(msg), msg: msg}
	m.byID[msg.ID] = it
	m.indexCalls(it)
	m.bump(it)
	m.items = append(m.items, it)
}

func (m *Model) attachResults(msg message.Message) {
	for _, p := range msg.Parts {
		if p.Type != llm.PartToolResult {
			continue
		}
		m.results[p.ToolCallID] = p
		if it, ok := m.calls[p.ToolCallID]; ok {
			m.bump(it)
		}
	}
}

func (m *Model) indexCalls(it *item) {
	for _, p := range it.msg.Parts {
		if p.Type == llm.PartToolCall && p.ToolCallID != "" {
			m.calls[p.ToolCallID] = it
		}
	}
}

// Remove drops a deleted message.
func (m *Model) Remove(id string) {
	it, ok := m.byID[id]
	if !ok {
		return
	}
	delete(m.byID, id)
	i := slices.Index(m.items, it)
	if i < 0 {
		return
	}
	m.items = slices.Delete(m.items, i, i+1)
	if m.top > i || m.top >= len(m.items) {
		m.top = max(m.top-1, 0)
	}
}

// AddInfo appends an info line (failover, summary, turn error …).
func (m *Model) AddInfo(level Level, text string) {
	it := &item{kind: kindInfo, info: text, level: level}
	m.bump(it)
	m.items = append(m.items, it)
}

// ToolStarted marks a call as running (agent.EventToolStarted).
func (m *Model) ToolStarted(callID string) {
	m.started[callID] = true
	if it, ok := m.calls[callID]; ok {
		m.bump(it)
	}
}

// ToolFinished records a result announced before its tool message
// arrives (agent.EventToolFinished).
func (m *Model) ToolFinished(result llm.Part) {
	m.attachResults(message.Message{Role: llm.RoleTool, Parts: []llm.Part{result}})
}

// UserTexts returns the texts of user messages, oldest first, for the
// editor's history.
func (m *Model) UserTexts() []string {
	var out []string
	for _, it := range m.items {
		if it.kind == kindUser {
			if s := it.msg.LLM().Text(); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}
