package anthropic

import (
	"encoding/json"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/honecode/hone/internal/llm"
)

// webSearchTool is the server-side web search tool of a request that asks
// for one. The API takes allowed or blocked domains, not both: allowed
// wins, and the caller filters the results again anyway.
func webSearchTool(ws *llm.WebSearch) anthropic.ToolUnionParam {
	t := &anthropic.WebSearchTool20250305Param{}
	if ws.MaxUses > 0 {
		t.MaxUses = anthropic.Int(int64(ws.MaxUses))
	}
	if len(ws.AllowedDomains) > 0 {
		t.AllowedDomains = ws.AllowedDomains
	} else if len(ws.BlockedDomains) > 0 {
		t.BlockedDomains = ws.BlockedDomains
	}
	return anthropic.ToolUnionParam{OfWebSearchTool20250305: t}
}

// searchResultBlock is a web_search_tool_result content block: a list of
// results, or an error object.
type searchResultBlock struct {
	Content json.RawMessage `json:"content"`
}

type searchResult struct {
	Type    string `json:"type"`
	URL     string `json:"url"`
	Title   string `json:"title"`
	PageAge string `json:"page_age"`
}

type searchError struct {
	Type      string `json:"type"`
	ErrorCode string `json:"error_code"`
}

// webResultsOf decodes a web_search_tool_result block (raw JSON) into the
// pages it lists, or one result carrying the search's error.
func webResultsOf(raw string) []llm.WebResult {
	var b searchResultBlock
	if json.Unmarshal([]byte(raw), &b) != nil {
		return nil
	}
	var list []searchResult
	if json.Unmarshal(b.Content, &list) == nil {
		out := make([]llm.WebResult, 0, len(list))
		for _, r := range list {
			out = append(out, llm.WebResult{Title: r.Title, URL: r.URL, PageAge: r.PageAge})
		}
		return out
	}
	var e searchError
	if json.Unmarshal(b.Content, &e) == nil && e.ErrorCode != "" {
		return []llm.WebResult{{Error: e.ErrorCode}}
	}
	return nil
}

// webSearchResults yields the pages of a web_search_tool_result block.
func webSearchResults(cb *anthropic.ContentBlockStartEventContentBlockUnion, yield yieldFunc) bool {
	if res := webResultsOf(cb.RawJSON()); len(res) > 0 {
		return yield(llm.Event{Type: llm.EventWebResults, WebResults: res}, nil)
	}
	return true
}

// webCitation yields the page and passage a text block cites.
func webCitation(c *anthropic.CitationsDeltaCitationUnion, yield yieldFunc) bool {
	if c.Type != "web_search_result_location" || c.URL == "" {
		return true
	}
	r := llm.WebResult{Title: c.Title, URL: c.URL, Snippet: c.CitedText}
	return yield(llm.Event{Type: llm.EventWebResults, WebResults: []llm.WebResult{r}}, nil)
}
