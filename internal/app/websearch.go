package app

import (
	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/tools"
	"github.com/honecode/hone/internal/websearch"
)

// webSearcher picks what answers the web_search tool: the first large
// model's own search when its API has one (unless options.web_search.native
// is false), else the configured backend, else nothing (the tool is not
// offered).
func webSearcher(ws config.WebSearch, cl *clients, r *config.Resolved) tools.WebSearcher {
	if ws.NativeSearch() && r != nil && len(r.Large) > 0 {
		if s := nativeSearcher(cl, r, r.Large[0]); s != nil {
			return s
		}
	}
	switch ws.Backend {
	case config.SearchSearXNG:
		return websearch.SearXNG{URL: ws.URL}
	case config.SearchBrave:
		return websearch.Brave{URL: ws.URL, Key: ws.APIKey}
	case config.SearchTavily:
		return websearch.Tavily{URL: ws.URL, Key: ws.APIKey}
	}
	return nil
}

// nativeSearcher searches with the candidate's provider when its API has
// a search tool (Anthropic, OpenAI Responses, Gemini); nil otherwise.
func nativeSearcher(cl *clients, r *config.Resolved, c config.Candidate) tools.WebSearcher {
	p, ok := r.Provider(c.Provider)
	if !ok {
		return nil
	}
	switch p.Type {
	case config.TypeAnthropic, config.TypeOpenAI, config.TypeGemini:
	default:
		return nil
	}
	client, err := cl.get(p)
	if err != nil {
		return nil
	}
	return websearch.Native{Provider: client, Model: c.Model.ID, Label: p.Type}
}
