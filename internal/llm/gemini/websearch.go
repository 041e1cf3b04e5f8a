package gemini

import (
	"strings"

	"google.golang.org/genai"

	"github.com/honecode/hone/internal/llm"
)

// addWebSearch turns on Google Search grounding. The Gemini API takes no
// domain filters: the caller filters the results.
func addWebSearch(cfg *genai.GenerateContentConfig, ws *llm.WebSearch) {
	if ws != nil {
		cfg.Tools = append(cfg.Tools, &genai.Tool{GoogleSearch: &genai.GoogleSearch{}})
	}
}

// groundingResults turns grounding metadata into web results: one per
// web source, with the answer's passages it supports as snippet and the
// searches made as query.
func groundingResults(gm *genai.GroundingMetadata) []llm.WebResult {
	if gm == nil {
		return nil
	}
	snippets := make([][]string, len(gm.GroundingChunks))
	for _, s := range gm.GroundingSupports {
		if s == nil || s.Segment == nil || s.Segment.Text == "" {
			continue
		}
		for _, i := range s.GroundingChunkIndices {
			if int(i) >= 0 && int(i) < len(snippets) {
				snippets[i] = append(snippets[i], s.Segment.Text)
			}
		}
	}
	query := strings.Join(gm.WebSearchQueries, "; ")
	var out []llm.WebResult
	for i, c := range gm.GroundingChunks {
		if c == nil || c.Web == nil || c.Web.URI == "" {
			continue
		}
		out = append(out, llm.WebResult{Title: c.Web.Title, URL: c.Web.URI, Snippet: strings.Join(snippets[i], " … "), Query: query})
	}
	return out
}

// webResults yields the sources a candidate was grounded on, if any.
func webResults(cand *genai.Candidate, yield yieldFunc) bool {
	if res := groundingResults(cand.GroundingMetadata); len(res) > 0 {
		return yield(llm.Event{Type: llm.EventWebResults, WebResults: res}, nil)
	}
	return true
}
