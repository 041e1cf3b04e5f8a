package openai

import (
	"encoding/json"

	"github.com/openai/openai-go/v3/responses"

	"github.com/honecode/hone/internal/llm"
)

// webSearchTool is the Responses web_search tool (baseParams asks for
// the sources of each search). Only allowed domains can be given to the
// API; blocked ones are filtered by the caller.
func webSearchTool(ws *llm.WebSearch) responses.ToolUnionParam {
	t := &responses.WebSearchToolParam{Type: responses.WebSearchToolTypeWebSearch}
	if len(ws.AllowedDomains) > 0 {
		t.Filters.AllowedDomains = ws.AllowedDomains
	}
	return responses.ToolUnionParam{OfWebSearch: t}
}

// searchAction is the action of a web_search_call item.
type searchAction struct {
	Query   string `json:"query"`
	Sources []struct {
		URL string `json:"url"`
	} `json:"sources"`
}

// messageContent is one content part of a message item.
type messageContent struct {
	Text        string `json:"text"`
	Annotations []struct {
		Type       string `json:"type"`
		URL        string `json:"url"`
		Title      string `json:"title"`
		StartIndex int    `json:"start_index"`
		EndIndex   int    `json:"end_index"`
	} `json:"annotations"`
}

// webResultsOf returns the pages a finished item reports: the sources of
// a web_search_call, or the URL citations of a message (the cited span of
// the answer as snippet).
func webResultsOf(it *item) []llm.WebResult {
	var out []llm.WebResult
	switch it.Type {
	case "web_search_call":
		var a searchAction
		if json.Unmarshal(it.Action, &a) != nil {
			return nil
		}
		for _, s := range a.Sources {
			out = append(out, llm.WebResult{URL: s.URL, Query: a.Query})
		}
	case "message":
		var parts []messageContent
		if json.Unmarshal(it.Content, &parts) != nil {
			return nil
		}
		for _, c := range parts {
			for _, an := range c.Annotations {
				if an.Type == "url_citation" && an.URL != "" {
					out = append(out, llm.WebResult{Title: an.Title, URL: an.URL, Snippet: span(c.Text, an.StartIndex, an.EndIndex)})
				}
			}
		}
	}
	return out
}

// span is text[start:end] in characters, "" when out of range.
func span(text string, start, end int) string {
	r := []rune(text)
	if start < 0 || end > len(r) || start >= end {
		return ""
	}
	return string(r[start:end])
}

// webResults yields the pages of a finished item, if any.
func (s *streamState) webResults(it *item) bool {
	if res := webResultsOf(it); len(res) > 0 {
		return s.emit(llm.Event{Type: llm.EventWebResults, WebResults: res})
	}
	return true
}
