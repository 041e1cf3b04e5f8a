package agent

import (
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
)

// EventType names an agent event. Message, session and permission changes
// are published by their own services; these are the turn-level facts.
type EventType string

// Agent events.
const (
	EventTurnStarted  EventType = "turn_started"
	EventTurnFinished EventType = "turn_finished" // Result set
	EventQueueChanged EventType = "queue_changed" // Queue set
	EventFailover     EventType = "failover"      // Text: "switched to provider/model (rate_limit on …)"
	EventSummarizing  EventType = "summarizing"
	EventSummarized   EventType = "summarized"
	EventInfo         EventType = "info" // Text: a note for the user (images stripped, …)
	// EventRetrying: a model call failed and is retried after a wait.
	// Text says why and when ("429 rate limited for provider work: …,
	// retrying in 4 s (attempt 2/4)"); Retry has the details.
	EventRetrying     EventType = "retrying"
	EventToolStarted  EventType = "tool_started"
	EventToolFinished EventType = "tool_finished"
	// EventMessage carries a snapshot of the assistant message while it
	// streams (Message set). Published lossily at Config.UpdateInterval:
	// any event may be dropped for a slow subscriber, the next one carries
	// the full current content.
	EventMessage EventType = "message"
	// EventStepFinished ends one model step: Message is the final
	// assistant message and Step its trace row. Delivered like every event
	// except EventMessage: the publisher waits (up to a few seconds) for
	// each subscriber, so a reader sees it after the step's EventMessage
	// events and before the next step's.
	EventStepFinished EventType = "step_finished"
	// EventModelSwitch: the turn's next step uses another group of
	// candidates (escalation, plan mode); Switch says why, from and to.
	EventModelSwitch EventType = "model_switch"
)

// Event is published by the Coordinator on its broker.
type Event struct {
	Type      EventType
	SessionID string
	Text      string
	// Call is the tool call for tool events (Part of type tool_call), and
	// ResultPart its result for EventToolFinished.
	Call       *llm.Part
	ResultPart *llm.Part
	Queue      []QueuedPrompt
	Result     *Result
	// Denied is set on EventToolFinished when the permission service
	// refused the call.
	Denied bool
	// Message is set on EventMessage and EventStepFinished.
	Message *message.Message
	// Step is set on EventStepFinished.
	Step *session.Turn
	// Retry is set on EventRetrying.
	Retry *llm.RetryInfo
	// Switch is set on EventModelSwitch.
	Switch *ModelSwitch
	// ParentSessionID and ParentCallID are set on EventTurnStarted of a
	// sub-agent's turn: the session and agent call that started it.
	ParentSessionID string
	ParentCallID    string
}

// QueuedPrompt is a prompt waiting for its session.
type QueuedPrompt struct {
	MessageID string
	Text      string
}

// ExitReason says why a turn ended.
type ExitReason string

// Exit reasons.
const (
	ExitDone             ExitReason = "done"
	ExitCanceled         ExitReason = "canceled"
	ExitMaxSteps         ExitReason = "max_steps"
	ExitMaxCost          ExitReason = "max_cost"
	ExitLoop             ExitReason = "loop_detected"
	ExitProviderError    ExitReason = "provider_error"    // every candidate failed
	ExitAuth             ExitReason = "auth"              // auth or billing
	ExitPermissionDenied ExitReason = "permission_denied" // a denial ended the task, or every file change was denied
	// ExitOutputTooLarge: the model's answer passed Config.MaxOutput and
	// was cut there; its tool calls were not run.
	ExitOutputTooLarge ExitReason = "output_too_large"
	// ExitEmptyAnswer: the model ended the turn with a message without
	// text (and without tool calls).
	ExitEmptyAnswer ExitReason = "empty_answer"
	// ExitHookStopped: a hook answered continue: false.
	ExitHookStopped ExitReason = "hook_stopped"
	ExitError       ExitReason = "error"
	// ExitQueued: the session was busy; the prompt waits in its queue
	// (Result.QueuedMessageID) and will be answered by the running turn.
	ExitQueued ExitReason = "queued"
)

// Result describes a finished turn.
type Result struct {
	SessionID string
	// Text is the final assistant text of the turn.
	Text   string
	Reason ExitReason
	Err    error
	Steps  int
	Usage  llm.Usage
	Cost   float64
	// Denials counts tool calls refused by the permission service.
	Denials int
	// QueuedMessageID is the stored queued prompt when Reason is
	// ExitQueued.
	QueuedMessageID string
	// Holder is the other process whose turn takes the queued prompt,
	// when Reason is ExitQueued because another process held the session.
	Holder *session.Holder
}
