package openai

import (
	"encoding/json"

	"github.com/honecode/hone/internal/llm"
)

// event is one Responses streaming event; each type uses a subset of the
// fields. Unknown fields and event types are ignored.
type event struct {
	Type         string    `json:"type"`
	ItemID       string    `json:"item_id"`
	SummaryIndex int       `json:"summary_index"`
	Delta        string    `json:"delta"`
	Item         *item     `json:"item"`
	Response     *response `json:"response"`
}

// item is an output item (reasoning, function_call, message).
type item struct {
	ID               string `json:"id"`
	Type             string `json:"type"`
	CallID           string `json:"call_id"`
	Name             string `json:"name"`
	Arguments        string `json:"arguments"`
	EncryptedContent string `json:"encrypted_content"`
	Summary          []struct {
		Text string `json:"text"`
	} `json:"summary"`
	// Content (message) and Action (web_search_call) carry web search
	// results and citations (websearch.go).
	Content json.RawMessage `json:"content"`
	Action  json.RawMessage `json:"action"`
}

// response is the response object of the terminal events.
type response struct {
	Status            string          `json:"status"`
	Error             json.RawMessage `json:"error"`
	IncompleteDetails *struct {
		Reason string `json:"reason"`
	} `json:"incomplete_details"`
	Usage *usage `json:"usage"`
}

type usage struct {
	InputTokens        int64 `json:"input_tokens"`
	InputTokensDetails struct {
		CachedTokens int64 `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokens int64 `json:"output_tokens"`
}

// toLLM converts usage; input_tokens includes cached tokens, llm.Usage
// Input does not.
func (u *usage) toLLM() llm.Usage {
	cached := u.InputTokensDetails.CachedTokens
	return llm.Usage{Input: max(u.InputTokens-cached, 0), Output: u.OutputTokens, CacheRead: cached}
}

// incompleteReason maps incomplete_details.reason.
func incompleteReason(r *response) llm.FinishReason {
	if r.IncompleteDetails != nil && r.IncompleteDetails.Reason == "content_filter" {
		return llm.FinishContentFilter
	}
	return llm.FinishMaxTokens
}
