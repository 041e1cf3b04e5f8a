package websearch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// TavilyURL is the Tavily API root.
const TavilyURL = "https://api.tavily.com"

// Tavily searches with the Tavily Search API, which filters domains itself.
type Tavily struct {
	// URL replaces TavilyURL when set.
	URL    string
	Key    string
	Client *http.Client
}

type tavilyAnswer struct {
	Results []struct {
		Title         string `json:"title"`
		URL           string `json:"url"`
		Content       string `json:"content"`
		PublishedDate string `json:"published_date"`
	} `json:"results"`
}

// Search asks Tavily.
func (t Tavily) Search(ctx context.Context, q Query) (Response, error) {
	base := t.URL
	if base == "" {
		base = TavilyURL
	}
	body, _ := json.Marshal(map[string]any{
		"query":           q.Text,
		"max_results":     min(max(q.MaxResults, 1), 20),
		"include_domains": nonNil(q.AllowedDomains),
		"exclude_domains": nonNil(q.BlockedDomains),
	})
	req, err := http.NewRequest(http.MethodPost, strings.TrimRight(base, "/")+"/search", bytes.NewReader(body))
	if err != nil {
		return Response{}, fmt.Errorf("tavily request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+t.Key)
	var a tavilyAnswer
	if err := doJSON(ctx, t.Client, req, &a); err != nil {
		return Response{}, fmt.Errorf("tavily: %w", err)
	}
	res := make([]Result, 0, len(a.Results))
	for _, r := range a.Results {
		res = append(res, Result{Title: r.Title, URL: r.URL, Snippet: r.Content, Age: r.PublishedDate})
	}
	return Response{Results: Filter(q, res), Backend: "tavily"}, nil
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
