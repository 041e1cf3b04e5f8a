package tuitest

import (
	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/tools"
)

// Turn is one scripted turn: the steps the fake model takes in order.
type Turn []Step

// Step is one thing the fake model does during a turn.
type Step struct {
	text      string
	reasoning string
	tool      *ToolStep
	block     bool
	fail      string
}

// Text streams s as the assistant's answer, in small deltas.
func Text(s string) Step { return Step{text: s} }

// Reasoning streams s as reasoning.
func Reasoning(s string) Step { return Step{reasoning: s} }

// Block streams nothing and waits until the turn is cancelled.
func Block() Step { return Step{block: true} }

// Fail ends the turn with an error.
func Fail(msg string) Step { return Step{fail: msg} }

// ToolStep is a tool call and what it produces.
type ToolStep struct {
	Name    string
	Input   string // JSON arguments
	Result  string
	IsError bool
	Display tools.Display
	// Ask, when set, is published as a permission request before the
	// tool "runs"; a denial makes the result an error the model sees.
	Ask *permission.Request
	// OnAllow runs when the tool runs (after an allow, or at once without
	// Ask) — tests use it to apply a write.
	OnAllow func()
}

// Tool calls a tool.
func Tool(t ToolStep) Step { return Step{tool: &t} }
