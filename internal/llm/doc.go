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
// Shared by every adapter: NewHTTPClient (the HTTP client with the
// first-byte and idle timeouts), Classify, HTTPError, TransportError and
// ContextError (every failure becomes a classified *Error whose text is its
// root cause in one line), ParseRetryAfter, ToolCallPart and SendableInput
// (streamed tool-call arguments, malformed ones included), CallIDs (unique
// tool-call ids within a response) and JoinText.
//
// Wrappers any Provider can take: WithRetry (jittered retries that never
// deliver text twice, announced as EventRetry), LimitOutput (a response cut
// at a byte limit ends with FinishOutputTooLarge) and RedactErrors (secret
// values removed from error texts). The conformance suite all adapters pass
// is llm/llmtest.
package llm
