// Package message is the domain service over the messages table. Parts are
// stored as a JSON array of llm.Part. Updates during streaming are coalesced
// and flushed at once on terminal states and on Close.
package message

import "github.com/honecode/hone/internal/llm"

// Status is the life-cycle state of a message.
type Status string

// Statuses.
const (
	// StatusQueued: a user prompt waiting for its session to be free.
	StatusQueued Status = "queued"
	// StatusStreaming: an assistant message still receiving deltas.
	StatusStreaming Status = "streaming"
	// StatusDone: final.
	StatusDone Status = "done"
)

// Message is one stored message of a session.
type Message struct {
	ID        string     `json:"id"`
	SessionID string     `json:"session_id"`
	Role      llm.Role   `json:"role"`
	Parts     []llm.Part `json:"parts"`
	Status    Status     `json:"status"`
	// Model and Provider that produced an assistant message.
	Model    string `json:"model,omitempty"`
	Provider string `json:"provider,omitempty"`
	// IsSummary marks the summary message that starts history.
	IsSummary    bool             `json:"is_summary,omitempty"`
	FinishReason llm.FinishReason `json:"finish_reason,omitempty"`
	CreatedAt    int64            `json:"created_at"`            // unix ms
	UpdatedAt    int64            `json:"updated_at"`            // unix ms
	FinishedAt   int64            `json:"finished_at,omitempty"` // unix ms
}

// LLM returns the message as sent to a model.
func (m Message) LLM() llm.Message { return llm.Message{Role: m.Role, Parts: m.Parts} }
