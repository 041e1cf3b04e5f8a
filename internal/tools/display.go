package tools

import "strconv"

// DisplayKind selects how a front end renders a tool result.
type DisplayKind string

// Display kinds.
const (
	DisplayText    DisplayKind = "text"
	DisplayDiff    DisplayKind = "diff"
	DisplayFile    DisplayKind = "file"
	DisplayList    DisplayKind = "list"
	DisplayCommand DisplayKind = "command"
)

// Display is the front-end view of a tool result; it is stored with the
// result (llm.Part.Meta) so resumed sessions render the same way.
type Display struct {
	Kind DisplayKind `json:"kind"`
	// Title is a one-line summary ("main.go", "go test ./...").
	Title string `json:"title,omitempty"`
	Path  string `json:"path,omitempty"`
	// Body is the file excerpt, the command output, the list (one item
	// per line) or the text.
	Body string `json:"body,omitempty"`
	// Diff is a unified diff for DisplayDiff, with its +/- line counts.
	Diff    string `json:"diff,omitempty"`
	Added   int    `json:"added,omitempty"`
	Removed int    `json:"removed,omitempty"`
	// Command and ExitCode for DisplayCommand; Signal names the signal
	// that ended the command ("SIGINT"), when one did (ExitCode is then
	// -1).
	Command  string `json:"command,omitempty"`
	ExitCode int    `json:"exit_code,omitempty"`
	Signal   string `json:"signal,omitempty"`
	// StartLine is the first line number of a DisplayFile excerpt (1-based).
	StartLine int `json:"start_line,omitempty"`
	// Artifact is the file that holds the whole output of a result that
	// was cut for the model.
	Artifact string `json:"artifact,omitempty"`
}

// ExitText says how a command ended when it failed: "exit 2", "killed by
// SIGINT"; "" for a command that succeeded or is not a command.
func (d Display) ExitText() string {
	switch {
	case d.Signal != "":
		return "killed by " + d.Signal
	case d.ExitCode != 0:
		return "exit " + strconv.Itoa(d.ExitCode)
	}
	return ""
}
