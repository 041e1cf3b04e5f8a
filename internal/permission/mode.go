package permission

import (
	"errors"
	"fmt"
)

// Mode is the session-wide permission posture.
type Mode string

// Modes, from the most to the least strict.
const (
	// ModePlan is read-only: writes and commands are refused.
	ModePlan Mode = "plan"
	// ModeDefault asks before writes, commands and network access.
	ModeDefault Mode = "default"
	// ModeAcceptEdits also allows file edits inside the project.
	ModeAcceptEdits Mode = "accept-edits"
	// ModeAuto allows file edits inside the project and runs every
	// command without asking inside a workspace-write sandbox (project
	// and temporary files only, no network). Where commands cannot be
	// sandboxed it behaves like ModeAcceptEdits.
	ModeAuto Mode = "auto"
	// ModeYolo allows everything that deny rules do not refuse.
	ModeYolo Mode = "yolo"
)

// ErrInvalidMode is returned for an unknown mode name.
var ErrInvalidMode = errors.New("invalid permission mode")

// ParseMode returns the mode named s; "" is ModeDefault.
func ParseMode(s string) (Mode, error) {
	m := Mode(s)
	if s == "" {
		m = ModeDefault
	}
	if m.strictness() < 0 {
		return "", fmt.Errorf("%w %q (want plan, default, accept-edits, auto or yolo)", ErrInvalidMode, s)
	}
	return m, nil
}

// strictness orders modes: plan > default > accept-edits > auto > yolo;
// -1 for an unknown mode.
func (m Mode) strictness() int {
	switch m {
	case ModePlan:
		return 4
	case ModeDefault, "":
		return 3
	case ModeAcceptEdits:
		return 2
	case ModeAuto:
		return 1
	case ModeYolo:
		return 0
	}
	return -1
}

// verdict is the outcome of one stage of the evaluation.
type verdict int

const (
	pass verdict = iota // this stage does not decide
	allow
	deny
)

// planReason is what the model reads when plan mode refuses an action.
const planReason = "plan mode is read-only: writes and commands are refused; " +
	"finish the plan and let the user switch modes to carry it out"

// decide applies the mode to a request. Reading inside the project is
// allowed in every mode.
func (m Mode) decide(req Request) (verdict, string) {
	inside := !req.OutsideProject
	switch {
	case req.Action == ActionRead && inside:
		return allow, ""
	case m == ModeYolo:
		return allow, ""
	case m == ModePlan && (req.Action == ActionWrite || req.Action == ActionExecute || req.WritesFile):
		return deny, planReason
	case (m == ModeAcceptEdits || m == ModeAuto) && req.Action == ActionWrite && inside:
		return allow, ""
	}
	return pass, ""
}
