// Package agenttest provides in-memory implementations of the interfaces
// the agent consumes (messages, sessions, tools), for tests of the agent
// and of the front ends that drive it. They copy what they store, like a
// database would, so a test notices a caller that keeps mutating a value
// it handed over.
package agenttest

import "errors"

// ErrNotFound is returned for unknown ids.
var ErrNotFound = errors.New("agenttest: not found")
