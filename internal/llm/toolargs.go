package llm

import (
	"bytes"
	"encoding/json"
)

// ToolCallPart finishes a streamed tool call: args is the argument text
// accumulated from the provider's deltas. Empty (or blank) args become
// "{}". Args that are not a JSON object are kept verbatim in Input, so the
// stored history shows what the model produced, and InputError says what
// is wrong; the agent answers such a call with an error result instead of
// running it.
//
// When a part with InputError is sent back to a provider in a later
// request, adapters send SendableInput(p) — always "{}" for a malformed
// call — never the raw Input, so the history stays valid for every API.
func ToolCallPart(id, name, args string) Part {
	p := Part{Type: PartToolCall, ToolCallID: id, ToolName: name, Input: args}
	trimmed := bytes.TrimSpace([]byte(args))
	if len(trimmed) == 0 {
		p.Input = "{}"
		return p
	}
	if !json.Valid(trimmed) {
		p.InputError = "the tool call arguments are not valid JSON"
		return p
	}
	if trimmed[0] != '{' {
		p.InputError = "the tool call arguments must be a JSON object"
	}
	return p
}

// SendableInput returns the arguments of a tool_call part as they must be
// sent to a provider: Input when it is a JSON object, "{}" when Input is
// empty or the part carries an InputError.
func SendableInput(p Part) string {
	in := bytes.TrimSpace([]byte(p.Input))
	if p.InputError != "" || len(in) == 0 || in[0] != '{' || !json.Valid(in) {
		return "{}"
	}
	return p.Input
}
