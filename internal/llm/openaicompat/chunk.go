package openaicompat

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// chunk is one chat.completion.chunk, with the fields compatible servers
// add. Unknown fields are ignored.
type chunk struct {
	ID      string   `json:"id"`
	Choices []choice `json:"choices"`
	Usage   *usage   `json:"usage"`
	XGroq   *struct {
		Usage *usage `json:"usage"`
	} `json:"x_groq"`
	// Error is set by servers that report a failure inside the stream
	// (OpenRouter: {"error":{"code":502,"message":…}}).
	Error any `json:"error"`
}

type choice struct {
	Index        int    `json:"index"`
	Delta        delta  `json:"delta"`
	FinishReason string `json:"finish_reason"`
}

type delta struct {
	Content          flexText        `json:"content"`
	ReasoningContent flexText        `json:"reasoning_content"`
	Reasoning        flexText        `json:"reasoning"`
	ToolCalls        []toolCallDelta `json:"tool_calls"`
}

// flexText is a delta field that servers fill with a string, null, or (Mistral)
// an array of typed blocks; it holds the concatenated text. Anything else
// reads as empty rather than failing the chunk.
type flexText string

func (t *flexText) UnmarshalJSON(b []byte) error {
	*t = ""
	switch {
	case len(b) == 0:
	case b[0] == '"' && bytes.IndexByte(b, '\\') < 0 && len(b) >= 2:
		*t = flexText(b[1 : len(b)-1]) // no escapes: the bytes are the text
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err == nil {
			*t = flexText(s)
		}
	case b[0] == '[':
		var blocks []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(b, &blocks) == nil {
			var sb strings.Builder
			for _, bl := range blocks {
				if bl.Type == "text" {
					sb.WriteString(bl.Text)
				}
			}
			*t = flexText(sb.String())
		}
	}
	return nil
}

type toolCallDelta struct {
	Index    *int   `json:"index"`
	ID       string `json:"id"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type usage struct {
	PromptTokens        int64         `json:"prompt_tokens"`
	CompletionTokens    int64         `json:"completion_tokens"`
	PromptTokensDetails *tokenDetails `json:"prompt_tokens_details"`
	// PromptCacheHitTokens is DeepSeek's name for cached prompt tokens.
	PromptCacheHitTokens int64 `json:"prompt_cache_hit_tokens"`
}

// tokenDetails is usage's prompt_tokens_details.
type tokenDetails struct {
	CachedTokens     int64 `json:"cached_tokens"`
	CacheWriteTokens int64 `json:"cache_write_tokens"`
}

// toLLM converts usage; prompt_tokens includes cached tokens, llm.Usage
// Input does not.
func (u *usage) toLLM() llm.Usage {
	read, write := u.PromptCacheHitTokens, int64(0)
	if d := u.PromptTokensDetails; d != nil {
		if d.CachedTokens > 0 {
			read = d.CachedTokens
		}
		write = d.CacheWriteTokens
	}
	return llm.Usage{
		Input:      max(u.PromptTokens-read-write, 0),
		Output:     u.CompletionTokens,
		CacheRead:  read,
		CacheWrite: write,
	}
}

// finishReason maps a Chat Completions finish_reason. Servers that end a
// tool-calling response with "stop" (or with none) still get tool_use.
func finishReason(raw string, hasCalls bool) llm.FinishReason {
	switch raw {
	case "length", "max_tokens":
		return llm.FinishMaxTokens
	case "content_filter":
		return llm.FinishContentFilter
	case "tool_calls", "function_call":
		return llm.FinishToolUse
	}
	if hasCalls {
		return llm.FinishToolUse
	}
	return llm.FinishStop
}
