// Package llm holds the provider-neutral request and stream types that every
// model adapter speaks. Adapters live in sub-packages (llm/openai,
// llm/openaicompat, llm/anthropic, llm/gemini, llm/fake); they are the only
// packages that import a provider SDK.
//
// A conversation is a list of Message values whose content is a list of typed
// Part values. The same Part type is persisted by the message package, so a
// stored conversation can be sent again without conversion loss (reasoning
// signatures and encrypted reasoning survive a round trip).
//
// Shared by every adapter: NewHTTPClient (the HTTP client with the stream
// idle timeout), Classify, HTTPError, TransportError and ContextError (every
// failure becomes a classified *Error), ParseRetryAfter, ToolCallPart and
// SendableInput (streamed tool-call arguments, malformed ones included).
// WithRetry wraps any Provider with jittered retries that never deliver text
// twice. The conformance suite all adapters pass is llm/llmtest.
package llm
