// Package session is the domain service over the sessions table: create,
// get, list (per project), update counters and title, delete. It publishes
// Created/Updated/Deleted events.
package session

import "github.com/honecode/hone/internal/tools"

// Session is one conversation in one project directory.
type Session struct {
	ID              string `json:"id"`
	ProjectDir      string `json:"project_dir"`
	ParentSessionID string `json:"parent_session_id,omitempty"`
	// ParentCallID is the agent tool call that created a child session.
	ParentCallID     string `json:"parent_call_id,omitempty"`
	Title            string `json:"title"`
	SummaryMessageID string `json:"summary_message_id,omitempty"`

	InputTokens      int64   `json:"input_tokens"`
	OutputTokens     int64   `json:"output_tokens"`
	CacheReadTokens  int64   `json:"cache_read_tokens"`
	CacheWriteTokens int64   `json:"cache_write_tokens"`
	Cost             float64 `json:"cost"`
	// ContextTokens is the size of the last request's context (input +
	// cache tokens of the last step), for the "context used" gauge.
	ContextTokens int64 `json:"context_tokens"`

	Todos []tools.Todo `json:"todos,omitempty"`

	// LargeModel and SmallModel are the models ("provider/model") chosen
	// for this session in the TUI's model picker, "" when none: resuming
	// the session chooses them again.
	LargeModel string `json:"large_model,omitempty"`
	SmallModel string `json:"small_model,omitempty"`

	CreatedAt int64 `json:"created_at"` // unix ms
	UpdatedAt int64 `json:"updated_at"` // unix ms
}

// Turn is one model step of a session: the trace behind
// `hone sessions show --trace`.
type Turn struct {
	ID        int64  `json:"id"`
	SessionID string `json:"session_id"`
	MessageID string `json:"message_id"` // the assistant message of the step
	// Provider and Model of the candidate that answered.
	Provider string `json:"provider"`
	Model    string `json:"model"`
	// Failovers lists the candidates given up on before this one, with the
	// error kind ("work/claude-sonnet-4-6: rate_limit").
	Failovers    []string `json:"failovers,omitempty"`
	LatencyMS    int64    `json:"latency_ms"`
	TTFTMS       int64    `json:"ttft_ms"` // time to first token
	InputTokens  int64    `json:"input_tokens"`
	OutputTokens int64    `json:"output_tokens"`
	CacheRead    int64    `json:"cache_read_tokens"`
	CacheWrite   int64    `json:"cache_write_tokens"`
	Cost         float64  `json:"cost"`
	FinishReason string   `json:"finish_reason"`
	Error        string   `json:"error,omitempty"`
	CreatedAt    int64    `json:"created_at"` // unix ms
	// Switch is set on the first step after the turn changed model group
	// (an escalation, or plan mode with models.plan).
	Switch *ModelSwitch `json:"model_switch,omitempty"`
}

// ModelSwitch is a change of model group between two steps of a turn.
type ModelSwitch struct {
	// Reason is tool_calls, tokens, tool (Detail names it),
	// multi_file_edit, repeated_failure (Detail names the tool), user or
	// plan_mode.
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	// From and To are the candidates ("provider/model") of the step
	// before and the one asked first now.
	From string `json:"from"`
	To   string `json:"to"`
}

// Text is the switch for people: "escalated to p/big from p/fast (tool_calls)".
func (s ModelSwitch) Text() string {
	why := s.Reason
	if s.Detail != "" {
		why += ": " + s.Detail
	}
	verb := "escalated to "
	if s.Reason == "plan_mode" {
		verb = "switched to "
	}
	return verb + s.To + " from " + s.From + " (" + why + ")"
}
