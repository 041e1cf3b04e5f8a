package lsp

// State is where a language server is in its life.
type State string

// States. A server is idle until the first file of its type; then it is
// starting, ready, or failed (with the reason) after a failed start, a
// crash or a request that outlived the timeout; the next file restarts a
// failed server once its backoff has passed.
const (
	StateIdle     State = "idle"
	StateStarting State = "starting"
	StateReady    State = "ready"
	StateFailed   State = "failed"
	StateDisabled State = "disabled"
)

// How a server delivers diagnostics.
const (
	DiagnosticsPush = "push" // textDocument/publishDiagnostics
	DiagnosticsPull = "pull" // textDocument/diagnostic
)

// Status is a snapshot of one language server (one per workspace root
// once started), published on every change.
type Status struct {
	Name      string   `json:"name"`
	Command   string   `json:"command"`
	Filetypes []string `json:"filetypes"`
	// Root is the workspace root of a started server.
	Root  string `json:"root,omitempty"`
	State State  `json:"state"`
	// Error is the reason of StateFailed.
	Error string `json:"error,omitempty"`
	// Diagnostics is DiagnosticsPush or DiagnosticsPull once ready.
	Diagnostics string `json:"diagnostics,omitempty"`
	// Detected marks gopls found on PATH rather than configured.
	Detected bool `json:"detected,omitempty"`
}
