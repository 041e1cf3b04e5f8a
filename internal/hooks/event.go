package hooks

import "encoding/json"

// Event names a point in the agent's work where hooks run.
type Event string

// The events, named as in Claude Code.
const (
	SessionStart       Event = "SessionStart"
	SessionEnd         Event = "SessionEnd"
	UserPromptSubmit   Event = "UserPromptSubmit"
	PreToolUse         Event = "PreToolUse"
	PermissionRequest  Event = "PermissionRequest"
	PostToolUse        Event = "PostToolUse"
	PostToolUseFailure Event = "PostToolUseFailure"
	Stop               Event = "Stop"
	SubagentStop       Event = "SubagentStop"
	PreCompact         Event = "PreCompact"
	Notification       Event = "Notification"
)

// Events lists every event, for validation and docs.
func Events() []Event {
	return []Event{SessionStart, SessionEnd, UserPromptSubmit, PreToolUse, PermissionRequest,
		PostToolUse, PostToolUseFailure, Stop, SubagentStop, PreCompact, Notification}
}

// Input is one event as the agent reports it. Fields that do not apply
// to the event stay empty and are left out of the JSON the hooks read.
type Input struct {
	Event     Event
	SessionID string
	// Cwd is the working directory; PermissionMode the mode in force.
	Cwd            string
	PermissionMode string
	// Tool events: the tool's name as Hone knows it (hooks see Claude
	// Code's name where one exists), its input, call id and result.
	ToolName     string
	ToolInput    json.RawMessage
	ToolUseID    string
	ToolResponse any
	// Error is the failed tool's message (PostToolUseFailure).
	Error string
	// Prompt is the user's prompt (UserPromptSubmit).
	Prompt string
	// StopHookActive is set when the agent already continued because of
	// a Stop hook (Stop, SubagentStop).
	StopHookActive bool
	// Source is startup or resume (SessionStart), Reason why a session
	// ended (SessionEnd), Trigger manual or auto (PreCompact).
	Source  string
	Reason  string
	Trigger string
	// Message and NotificationType describe a Notification.
	Message          string
	NotificationType string
	// AgentType names the custom sub-agent that stopped (SubagentStop).
	AgentType string
}

// target is what an event's matchers are matched against ("" for events
// without a matcher).
func (in Input) target() []string {
	switch in.Event {
	case PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest:
		return []string{ClaudeToolName(in.ToolName), in.ToolName}
	case SessionStart:
		return []string{in.Source}
	case SessionEnd:
		return []string{in.Reason}
	case PreCompact:
		return []string{in.Trigger}
	case Notification:
		return []string{in.NotificationType}
	}
	return nil
}

// payload is the JSON object a hook reads on stdin.
func (in Input) payload(transcript string) map[string]any {
	p := map[string]any{
		"session_id":      in.SessionID,
		"transcript_path": transcript,
		"cwd":             in.Cwd,
		"permission_mode": claudeMode(in.PermissionMode),
		"hook_event_name": string(in.Event),
	}
	set := func(k string, v any, ok bool) {
		if ok {
			p[k] = v
		}
	}
	set("tool_name", ClaudeToolName(in.ToolName), in.ToolName != "")
	set("hone_tool_name", in.ToolName, in.ToolName != "")
	set("tool_input", in.ToolInput, len(in.ToolInput) > 0)
	set("tool_use_id", in.ToolUseID, in.ToolUseID != "")
	set("tool_response", in.ToolResponse, in.ToolResponse != nil)
	set("error", in.Error, in.Event == PostToolUseFailure)
	set("prompt", in.Prompt, in.Event == UserPromptSubmit)
	set("stop_hook_active", in.StopHookActive, in.Event == Stop || in.Event == SubagentStop)
	set("source", in.Source, in.Event == SessionStart)
	set("reason", in.Reason, in.Event == SessionEnd)
	set("trigger", in.Trigger, in.Event == PreCompact)
	set("custom_instructions", "", in.Event == PreCompact)
	set("message", in.Message, in.Event == Notification)
	set("notification_type", in.NotificationType, in.NotificationType != "")
	set("agent_type", in.AgentType, in.AgentType != "")
	return p
}

// claudeMode spells a Hone permission mode as Claude Code does.
func claudeMode(m string) string {
	switch m {
	case "", "default":
		return "default"
	case "accept-edits":
		return "acceptEdits"
	case "yolo":
		return "bypassPermissions"
	}
	return m
}
