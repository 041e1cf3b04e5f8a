// Package gemini streams Gemini models through google.golang.org/genai —
// the Gemini API with an API key, or Vertex AI when Options.Vertex is set —
// and implements llm.Provider.
//
// # Request mapping
//
// System blocks become the system instruction; user and tool messages
// become "user" contents and assistant messages "model" contents,
// neighbours of the same role merged. Tool schemas are sent as
// parametersJsonSchema, unchanged. Images become inlineData parts; an
// image inside a tool result follows the function responses of that turn
// as its own inlineData part.
//
// # Tool-call ids
//
// Gemini models usually give function calls no id. The adapter then
// synthesizes one, unique and stable for the call: "hone-gemini-call-" +
// the response id (random when the response has none) + "-" + the call's
// position in the response. An id the API gives is kept as
// "hone-gemini-id-" + id. Only such ids go back to the API; synthesized
// ids and the ids of other providers' calls (after a failover) never do.
// Tool results are sent as functionResponse parts carrying the function's
// name (from the result part, else from the call with the same id),
// ordered like the calls they answer, with {"output": text} or, for a
// failed tool, {"error": text}. Gemini 3 rejects an unsigned function
// call in the history, so for those models the first call of a model turn
// that has no signature (one made by another provider) gets the skip value
// Google documents for that case.
//
// # Thoughts and signatures
//
// Parts marked thought: true are reasoning: EventReasoningDelta while they
// stream, one EventReasoningEnd (Provider "gemini") when a non-thought part
// follows or the stream ends. A thoughtSignature is kept where it came:
// on a thought part it ends that reasoning part (Part.Signature); on a
// function call it is the tool_call Part's Signature; on a text part it is
// yielded as an EventReasoningEnd with empty Text and the Signature. On
// the next request each goes back on the same kind of part: thought parts,
// functionCall parts, and — for an empty-text signature part — the text
// part before it in the message (or an empty text part when there is
// none). Reasoning from other providers is dropped.
//
// # Thinking
//
// Request.ReasoningEffort sets thinkingConfig with includeThoughts and a
// thinking budget: low 1024, medium 8192, high 24576 tokens. Provider
// options override: "thinking_budget" (number) and "thinking_level"
// ("minimal", "low", "medium", "high", for models that take a level
// instead of a budget). Without any of them no thinkingConfig is sent, so
// models without thinking support accept the request.
//
// # Provider options
//
//	"thinking_budget" number
//	"thinking_level"  string
//	"top_k"           number
//
// # Usage and finish
//
// Usage maps promptTokenCount minus cachedContentTokenCount (plus
// toolUsePromptTokenCount) to Input, cachedContentTokenCount to CacheRead,
// and candidatesTokenCount plus thoughtsTokenCount to Output. STOP maps to
// stop (tool_use when the response called functions), MAX_TOKENS to
// max_tokens, the safety, recitation and blocklist reasons and a blocked
// prompt to content_filter, malformed or unexpected tool calls to error.
//
// # Faults
//
// The SDK's retries and automatic stream continuation are off. HTTP errors
// are classified with llm.Classify from the status, headers (retry-after)
// and raw body, which a wrapping transport keeps for the call; read
// errors of the body (cancel, idle timeout, reset) are kept the same way
// and reported through llm.TransportError, so the SDK never logs them.
package gemini
