// Package anthropic streams Claude models through the Anthropic Messages API
// (github.com/anthropics/anthropic-sdk-go) and implements llm.Provider.
//
// # Request mapping
//
// System blocks become system text blocks; tool results (llm.RoleTool
// messages) become user messages of tool_result blocks, placed before any
// other content of that user turn; images become base64 image blocks, also
// inside tool results. Consecutive messages of the same role are merged,
// because the API wants strictly alternating turns.
//
// Reasoning parts produced by this adapter (Part.Provider "anthropic") are
// sent back unchanged: a part with Signature as a thinking block, a part
// with Encrypted as a redacted_thinking block. The API requires them when
// an assistant turn that used tools is continued. Reasoning from other
// providers, or without a signature, is dropped.
//
// # Prompt caching
//
// Three cache_control ephemeral breakpoints are set: on the last system
// block (or on the last tool when there is no system prompt), and on the
// last cacheable block of each of the last two messages. The API allows
// four.
//
// # Thinking
//
// Request.ReasoningEffort ("low", "medium" or "high"; anything else means
// no thinking) enables extended thinking with a token budget:
//
//	low    2048
//	medium 8192
//	high   24576
//
// The provider option "thinking_budget" (a number) sets the budget
// directly. The budget must stay below max_tokens (8192 when the request
// gives none): a budget that does not fit is cut to half of max_tokens,
// and thinking stays off when that is below the API's minimum of 1024.
// Set MaxTokens above the budget to get all of it.
//
// Models for which a budget is deprecated (claude-opus-4-6 and newer
// Opus, the Mythos family; the SDK would print a warning to stderr), and
// any model when the provider option "thinking" is "adaptive", get
// {"type":"adaptive"} with the effort sent as output_config.effort instead
// of a budget; "thinking_budget" is then ignored.
//
// While thinking is on, temperature and top_k are not sent (the API only
// accepts the defaults) and top_p only when it is at least 0.95. Without
// thinking, top_p is sent only when temperature is not set, since newer
// models reject both together. Thinking is switched off for a request
// whose last assistant turn used tools but does not start with a thinking
// block (for example one produced by another provider), which the API
// would reject.
//
// # Provider options
//
//	"thinking"        "adaptive" forces adaptive thinking; "enabled" forces a
//	                  budget (medium's when no effort is given)
//	"thinking_budget" number, explicit thinking budget in tokens
//	"top_k"           number, sampling top_k (ignored while thinking)
//
// # Stream mapping
//
// Content blocks are tracked by index: text_delta → EventTextDelta;
// thinking_delta → EventReasoningDelta and, at content_block_stop, an
// EventReasoningEnd whose Part carries the accumulated signature_delta;
// redacted_thinking → EventReasoningEnd with Encrypted; tool_use →
// EventToolCallStart, one EventToolCallDelta per input_json_delta
// fragment, EventToolCallEnd with the assembled arguments. Usage
// (input, output, cache creation and cache read tokens) is collected from
// message_start and message_delta and yielded once before EventFinish.
// ping events are ignored; an error event is classified with llm.Classify.
package anthropic
