// Package openai is the llm.Provider for OpenAI's Responses API, built on
// github.com/openai/openai-go/v3.
//
// Every call is stateless: store is false and include asks for
// reasoning.encrypted_content, so a reasoning item comes back with its
// encrypted content. The adapter yields it as a reasoning Part (Encrypted,
// ReasoningID, summary text, Provider "openai") and, on later requests,
// sends it back as a reasoning input item — id, encrypted_content and
// summary — at the place it had in the assistant message, i.e. before the
// function call it preceded. Reasoning parts without encrypted content, or
// from another provider type, are not sent.
//
// Streamed events map as follows: reasoning summary (and raw reasoning
// text) deltas → reasoning deltas, with a blank line between summary parts;
// output_text and refusal deltas → text; function_call items and their
// argument deltas → tool calls keyed by call_id; response.completed and
// response.incomplete → usage (input_tokens minus cached tokens as Input,
// cached tokens as CacheRead) and the finish; response.failed and error
// events → a classified *llm.Error. The SDK sends the request (its own
// retries off; llm.WithRetry owns retries); the adapter decodes the events
// itself.
//
// Request mapping: system blocks become instructions (joined by a blank
// line); images are data URLs; tool results are function_call_output
// items (with images as an input_image list); malformed tool-call
// arguments are sent back as "{}". ReasoningEffort sets reasoning.effort
// with summary "auto"; MaxTokens sets max_output_tokens. Every key of
// Request.ProviderOptions is merged into the JSON body unchanged (e.g.
// "service_tier", "prompt_cache_key", "text").
package openai
