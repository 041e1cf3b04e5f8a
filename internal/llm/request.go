package llm

import "encoding/json"

// Request is one streamed model call.
type Request struct {
	// Model is the provider's model id (without the "provider/" prefix).
	Model string
	// System holds the system prompt as ordered blocks; adapters that
	// support prompt caching mark the last block cacheable.
	System   []string
	Messages []Message
	Tools    []ToolDef

	MaxTokens       int
	Temperature     *float64
	TopP            *float64
	ReasoningEffort string // "", "low", "medium", "high" (provider-mapped)

	// ProviderOptions are passed through to the adapter, which documents the
	// keys it understands and ignores the rest.
	ProviderOptions map[string]any
	// Headers are extra HTTP headers for this call.
	Headers map[string]string
	// WebSearch, when set, turns on the provider's own web search (see
	// WebSearch).
	WebSearch *WebSearch
}

// ToolDef describes a tool the model may call.
type ToolDef struct {
	Name        string
	Description string
	// Schema is the JSON Schema of the tool's arguments (an object schema).
	Schema json.RawMessage
}
