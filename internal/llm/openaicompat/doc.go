// Package openaicompat is the llm.Provider for OpenAI-compatible Chat
// Completions endpoints (Ollama, OpenRouter, DeepSeek, Groq, vLLM, LM
// Studio, …), built on github.com/openai/openai-go/v3 with a base URL.
//
// Requests are always streamed (stream: true) with
// stream_options.include_usage. The SDK encodes the body and sends it
// (authentication, headers, base URL; its own retries are off because
// llm.WithRetry owns retries). It encodes each piece on its own — the
// other fields, each tool, each message — and a Client keeps its last
// bodies, so the next step of a conversation copies the pieces it shares
// (tools, system prompt, history) and encodes only its new messages; the
// bytes are the SDK's own encoding of the whole request (body.go). The
// adapter decodes the chunks itself so it can read the fields compatible
// servers add:
//   - reasoning arrives as reasoning_content (DeepSeek, Kimi, vLLM) or
//     reasoning (OpenRouter, Ollama, Groq) deltas;
//   - tool-call deltas are assembled by index (a new id at a known index
//     starts a new call, for servers that number every call 0);
//   - usage is taken from whichever chunk carries it (the final chunk with
//     include_usage, the finish chunk, or Groq's x_groq.usage); cached
//     prompt tokens come from prompt_tokens_details.cached_tokens or
//     DeepSeek's prompt_cache_hit_tokens and are subtracted from Input;
//   - servers that omit usage, send empty deltas or empty choices, or send
//     finish_reason on a chunk of its own are all accepted.
//
// Reasoning is sent back as reasoning_content on the assistant messages of
// the current turn only — those after the last user message, i.e. the
// tool-call loop still in progress — because DeepSeek's thinking mode (and
// Kimi's) require it there and reject or waste tokens on it elsewhere;
// servers that do not know the field ignore it. Set the provider option
// "echo_reasoning": false to never send it.
//
// Request mapping: system blocks become one system message (blocks joined
// by a blank line); images become data URLs; tool results become tool
// role messages (images returned by tools follow in a user message, since
// tool messages carry text only); tool calls with malformed arguments are
// sent back with "{}" (llm.SendableInput). ReasoningEffort becomes
// reasoning_effort, MaxTokens max_tokens.
//
// Every other key of Request.ProviderOptions is merged into the JSON body
// unchanged, so server-specific parameters ("top_k", OpenRouter's
// "provider", vLLM's "chat_template_kwargs", …) need no code.
package openaicompat
