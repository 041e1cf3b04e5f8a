package websearch

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// SearXNG searches a SearXNG instance through its JSON API (the instance
// must allow format=json in its settings).
type SearXNG struct {
	// URL is the instance root, such as https://searx.example.org.
	URL    string
	Client *http.Client
}

type searxAnswer struct {
	Results []struct {
		Title         string `json:"title"`
		URL           string `json:"url"`
		Content       string `json:"content"`
		PublishedDate string `json:"publishedDate"`
	} `json:"results"`
}

// Search asks the instance.
func (s SearXNG) Search(ctx context.Context, q Query) (Response, error) {
	u, err := url.Parse(strings.TrimRight(s.URL, "/") + "/search")
	if err != nil {
		return Response{}, fmt.Errorf("searxng url %q: %w", s.URL, err)
	}
	u.RawQuery = url.Values{"q": {q.Text}, "format": {"json"}, "safesearch": {"0"}}.Encode()
	req, err := http.NewRequest(http.MethodGet, u.String(), nil)
	if err != nil {
		return Response{}, fmt.Errorf("searxng request: %w", err)
	}
	var a searxAnswer
	if err := doJSON(ctx, s.Client, req, &a); err != nil {
		return Response{}, fmt.Errorf("searxng: %w (the instance must allow format=json)", err)
	}
	res := make([]Result, 0, len(a.Results))
	for _, r := range a.Results {
		res = append(res, Result{Title: r.Title, URL: r.URL, Snippet: r.Content, Age: r.PublishedDate})
	}
	return Response{Results: Filter(q, res), Backend: "searxng"}, nil
}
