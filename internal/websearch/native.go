package websearch

import (
	"context"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/llm"
)

// nativePrompt asks the model for a search and a short answer with its
// sources; the sources themselves come from the provider's search results.
const nativePrompt = `Search the web for the query below and answer it in a few sentences, citing your sources. Report only what the search results say.

Query: %s`

// Native searches with the web search built into a provider's API: one
// model call with the provider's server-side search tool turned on.
type Native struct {
	Provider llm.Provider
	Model    string
	// Label names the provider in results ("anthropic").
	Label string
	// MaxTokens bounds the answer (0: 2048).
	MaxTokens int
}

// Search runs the call and gathers the pages found and cited.
func (n Native) Search(ctx context.Context, q Query) (Response, error) {
	maxTokens := n.MaxTokens
	if maxTokens <= 0 {
		maxTokens = 2048
	}
	req := &llm.Request{
		Model:     n.Model,
		Messages:  []llm.Message{{Role: llm.RoleUser, Parts: []llm.Part{llm.Text(fmt.Sprintf(nativePrompt, q.Text))}}},
		MaxTokens: maxTokens,
		WebSearch: &llm.WebSearch{MaxUses: 3, AllowedDomains: q.AllowedDomains, BlockedDomains: q.BlockedDomains},
	}
	var answer strings.Builder
	var found []Result
	var failures []string
	for ev, err := range n.Provider.Stream(ctx, req) {
		if err != nil {
			return Response{}, fmt.Errorf("%s search: %w", n.Label, err)
		}
		switch ev.Type {
		case llm.EventTextDelta:
			answer.WriteString(ev.Text)
		case llm.EventReset:
			answer.Reset()
			found, failures = nil, nil
		case llm.EventWebResults:
			for _, r := range ev.WebResults {
				if r.Error != "" {
					failures = append(failures, r.Error)
					continue
				}
				found = append(found, Result{Title: r.Title, URL: r.URL, Snippet: r.Snippet, Age: r.PageAge})
			}
		}
	}
	res := Filter(q, found)
	if len(res) == 0 && len(failures) > 0 {
		return Response{}, fmt.Errorf("%s search failed: %s", n.Label, strings.Join(failures, ", "))
	}
	return Response{Results: res, Answer: strings.TrimSpace(answer.String()), Backend: n.Label + " native search"}, nil
}
