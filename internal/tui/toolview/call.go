package toolview

import (
	"encoding/json"
	"strings"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
)

// State is where a tool call is in its life.
type State int

// States.
const (
	// Pending: the model is still writing the call or it waits to run.
	Pending State = iota
	// Running: the tool runs (or waits for a permission answer).
	Running
	Done
	Failed
	// Interrupted: the turn ended before the call got a result.
	Interrupted
)

// Call is a tool call with its result, as the chat knows it.
type Call struct {
	Part   llm.Part  // the tool_call part
	Result *llm.Part // the tool_result part; nil until it arrives
	State  State
}

// StateOf derives the state of a call from its result and whether the
// turn that issued it is still running.
func StateOf(result *llm.Part, turnRunning, started bool) State {
	switch {
	case result != nil && result.IsError:
		return Failed
	case result != nil:
		return Done
	case !turnRunning:
		return Interrupted
	case started:
		return Running
	}
	return Pending
}

// DisplayOf returns the display stored with a result, or a text display of
// its content when none was stored.
func DisplayOf(result llm.Part) tools.Display {
	var d tools.Display
	if len(result.Meta) > 0 && json.Unmarshal(result.Meta, &d) == nil && d.Kind != "" {
		return d
	}
	return tools.Display{Kind: tools.DisplayText, Body: result.Text}
}

// summaryKeys are argument names whose value best summarizes a call, in
// order of preference. They follow the parameter conventions of the
// built-in tools, so MCP tools that use them read well too.
var summaryKeys = [...]string{"command", "file_path", "pattern", "path", "url", "query", "symbol", "prompt", "shell_id"}

// Summary is a one-line description of the call's arguments ("main.go",
// "go test ./..."), read from its (possibly partial) JSON input.
func Summary(call llm.Part) string {
	var args map[string]any
	if json.Unmarshal([]byte(call.Input), &args) != nil {
		return ""
	}
	for _, k := range summaryKeys {
		if s, ok := args[k].(string); ok && s != "" {
			return oneLine(s)
		}
	}
	return ""
}

// oneLine keeps the first line of s, marking a cut with "…".
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i]) + " …"
	}
	return s
}
