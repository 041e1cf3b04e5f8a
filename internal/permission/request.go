package permission

import (
	"errors"
	"fmt"
)

// Action is what a tool is about to do; modes and rules judge actions.
type Action string

// Actions.
const (
	ActionRead    Action = "read"
	ActionWrite   Action = "write"
	ActionExecute Action = "execute"
	ActionNetwork Action = "network"
)

// Request asks whether a tool may act. Tools fill every field that applies;
// the front end shows Description, and Diff or Command when set.
type Request struct {
	ID        string `json:"id"` // set by the service
	SessionID string `json:"session_id"`
	ToolName  string `json:"tool_name"`
	CallID    string `json:"call_id,omitempty"`
	Action    Action `json:"action"`
	// Path is the absolute path acted on, after resolving symlinks.
	Path string `json:"path,omitempty"`
	// Command is the shell command for bash.
	Command string `json:"command,omitempty"`
	// WorkDir is the directory Command runs in; its read-only commands
	// are judged from there. "" means the project directory.
	WorkDir     string `json:"work_dir,omitempty"`
	Description string `json:"description"`
	Diff        string `json:"diff,omitempty"`
	// OutsideProject is set when Path lies outside the project directory.
	OutsideProject bool `json:"outside_project,omitempty"`
	// SessionScope is set by the service on requests put to a person: what
	// AllowSession would allow for the rest of the session besides this
	// call (see Scope), "" when it would allow nothing more.
	SessionScope string `json:"session_scope,omitempty"`
	// AlwaysRule is set by the service on requests put to a person: the
	// exact allow rule AllowAlways adds (and a front end saves to the
	// user's config), "" when none is offered (sensitive files, commands
	// with risks or several programs, runs outside the sandbox).
	AlwaysRule string `json:"always_rule,omitempty"`
	// WritesFile is set when an action of another kind also writes Path
	// (download is network access that saves a file): plan mode refuses it
	// like a write.
	WritesFile bool `json:"writes_file,omitempty"`
	// Sensitive, set by the service, says why the file written is
	// sensitive (Hone or git reads it as config or instructions): such a
	// write asks a person in every mode but yolo, and an allow rule or a
	// session grant does not cover it.
	Sensitive string `json:"sensitive,omitempty"`
	// SandboxBlocked is set when a command that ran inside the sandbox
	// failed because of it (the line says what was refused) and the tool
	// asks to run it again without the sandbox. Allow rules, grants and
	// the auto mode never cover such a request.
	SandboxBlocked string `json:"sandbox_blocked,omitempty"`
}

// Answer is a person's (or a rule's) decision on a Request.
type Answer string

// Answers.
const (
	AllowOnce    Answer = "allow_once"
	AllowSession Answer = "allow_session"
	// AllowAlways allows this call and adds Request.AlwaysRule to the
	// allow rules of this process; the front end saves it to the user's
	// config so that it lasts.
	AllowAlways Answer = "allow_always"
	Deny        Answer = "deny"
)

// ErrDenied is matched (errors.Is) by every denial.
var ErrDenied = errors.New("permission denied")

// DeniedError is returned when a request is denied. Feedback is the
// person's optional message to the model; Reason says which rule or mode
// denied it ("" when a person did).
type DeniedError struct {
	Tool     string
	Reason   string
	Feedback string
}

// Error names the tool, the reason and the person's feedback.
func (e *DeniedError) Error() string {
	s := fmt.Sprintf("permission denied for %s", e.Tool)
	if e.Reason != "" {
		s += " (" + e.Reason + ")"
	}
	if e.Feedback != "" {
		s += ": " + e.Feedback
	}
	return s
}

// Is makes errors.Is(err, ErrDenied) true for a *DeniedError.
func (e *DeniedError) Is(target error) bool { return target == ErrDenied }
