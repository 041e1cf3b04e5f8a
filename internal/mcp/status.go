package mcp

import "strings"

// State is where a server is in its life.
type State string

// States. A server starts in StateStarting (or StateDisabled) and moves to
// StateConnected, StateFailed or StateNeedsLogin; an exit moves a
// connected server to StateFailed, and the next call restarts it.
const (
	StateStarting  State = "starting"
	StateConnected State = "connected"
	StateFailed    State = "failed"
	StateDisabled  State = "disabled"
	// StateNeedsLogin: the server requires an authorization only the user
	// can give (`hone mcp login NAME`); Error says why.
	StateNeedsLogin State = "needs_login"
)

// Label is the state in words for people ("needs login").
func (s State) Label() string { return strings.ReplaceAll(string(s), "_", " ") }

// Transports, as named in the config's `type`.
const (
	TransportStdio = "stdio"
	TransportHTTP  = "http"
	TransportSSE   = "sse"
)

// Status is a snapshot of one server, published on every change.
type Status struct {
	Name      string `json:"name"`
	Transport string `json:"transport"`
	State     State  `json:"state"`
	// Error is the reason of StateFailed ("" otherwise).
	Error string `json:"error,omitempty"`
	// Tools are the registered tool names (mcp_<server>_<tool>), sorted.
	Tools []string `json:"tools"`
}

// clone returns s with its own copy of Tools, safe to hand to subscribers.
func (s Status) clone() Status {
	s.Tools = append([]string{}, s.Tools...)
	return s
}
