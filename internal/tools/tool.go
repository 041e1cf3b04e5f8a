package tools

import (
	"context"
	"encoding/json"

	"github.com/honecode/hone/internal/llm"
)

// Policy is the permission class of a tool as a whole. Tools still ask the
// permission service with the precise action and path of each call.
type Policy string

// Policies.
const (
	PolicyReadOnly Policy = "read_only"
	PolicyWrite    Policy = "write"
	PolicyExecute  Policy = "execute"
	PolicyNetwork  Policy = "network"
)

// Info describes a tool to the model and to the registry.
type Info struct {
	Name        string
	Description string
	// Schema is the JSON Schema (object) of the arguments.
	Schema json.RawMessage
	Policy Policy
	// Requires names tools this one only works with (job_output and
	// job_kill act on jobs that bash started): it is offered only when
	// all of them are (see Registry.Manifest).
	Requires []string
	// PlanNote, when set, keeps a write or execute tool offered in plan
	// mode (some of its calls only read) and is appended to its
	// description there, telling the model what still runs.
	PlanNote string
}

// Call is one tool invocation by the model.
type Call struct {
	ID    string
	Name  string
	Input json.RawMessage
}

// Tool is one capability offered to the model. Run must honour ctx
// cancellation and report failures the model can act on as a Result with
// IsError set; a returned error means the tool could not run at all.
type Tool interface {
	Info() Info
	Run(ctx context.Context, call Call) (Result, error)
}

// Result is what a tool call produced.
type Result struct {
	// Content is the text the model sees.
	Content string
	IsError bool
	// Images are image parts returned to vision models (view of an image,
	// MCP image results).
	Images []llm.Part
	// Display tells front ends how to render the result.
	Display Display
	// Denied is set when the permission service refused the action; the
	// agent counts denials (hone run exits with a dedicated code).
	Denied bool
	// Artifact is the file holding the whole output when Content was cut
	// (see spill); "" when nothing was cut or it could not be saved.
	Artifact string
}

// ErrorResult is a Result with IsError set and a text display.
func ErrorResult(msg string) Result {
	return Result{Content: msg, IsError: true, Display: Display{Kind: DisplayText, Body: msg}}
}
