package websearch

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// BraveURL is the Brave Search API root.
const BraveURL = "https://api.search.brave.com"

// Brave searches with the Brave Search API.
type Brave struct {
	// URL replaces BraveURL when set.
	URL    string
	Key    string
	Client *http.Client
}

type braveAnswer struct {
	Web struct {
		Results []struct {
			Title       string `json:"title"`
			URL         string `json:"url"`
			Description string `json:"description"`
			Age         string `json:"age"`
		} `json:"results"`
	} `json:"web"`
}

// Search asks Brave; with domain filters it asks for more results, since
// they are filtered afterwards.
func (b Brave) Search(ctx context.Context, q Query) (Response, error) {
	base := b.URL
	if base == "" {
		base = BraveURL
	}
	count := q.MaxResults
	if len(q.AllowedDomains)+len(q.BlockedDomains) > 0 {
		count = 20
	}
	v := url.Values{"q": {q.Text}, "count": {strconv.Itoa(min(max(count, 1), 20))}}
	req, err := http.NewRequest(http.MethodGet, strings.TrimRight(base, "/")+"/res/v1/web/search?"+v.Encode(), nil)
	if err != nil {
		return Response{}, fmt.Errorf("brave request: %w", err)
	}
	req.Header.Set("X-Subscription-Token", b.Key)
	var a braveAnswer
	if err := doJSON(ctx, b.Client, req, &a); err != nil {
		return Response{}, fmt.Errorf("brave: %w", err)
	}
	res := make([]Result, 0, len(a.Web.Results))
	for _, r := range a.Web.Results {
		res = append(res, Result{Title: r.Title, URL: r.URL, Snippet: stripTags(r.Description), Age: r.Age})
	}
	return Response{Results: Filter(q, res), Backend: "brave"}, nil
}

// stripTags removes the <strong> highlighting Brave puts in snippets.
func stripTags(s string) string {
	return strings.NewReplacer("<strong>", "", "</strong>", "").Replace(s)
}
