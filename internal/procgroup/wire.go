package procgroup

import "encoding/json"

// request is a message from Hone to the supervisor.
type request struct {
	Op      string          `json:"op"` // start, signal
	ID      uint64          `json:"id"`
	Path    string          `json:"path,omitempty"`
	Args    []string        `json:"args,omitempty"`
	Dir     string          `json:"dir,omitempty"`
	Env     []string        `json:"env,omitempty"`
	Session bool            `json:"session,omitempty"`
	Files   []bool          `json:"files,omitempty"` // which descriptors were passed
	Sandbox json.RawMessage `json:"sandbox,omitempty"`
	Signal  int             `json:"signal,omitempty"`
}

// reply is a message from the supervisor to Hone.
type reply struct {
	Op   string     `json:"op"` // ready, started, exited
	ID   uint64     `json:"id,omitempty"`
	Pid  int        `json:"pid,omitempty"`
	Err  string     `json:"err,omitempty"`
	Exit ExitStatus `json:"exit"`
}

// maxMessage bounds one message; a command line cannot be longer than the
// kernel's argument limits anyway.
const maxMessage = 4 << 20
