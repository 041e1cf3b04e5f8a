package websearch

import (
	"context"
	"net/url"
	"strings"
)

// Query is one search.
type Query struct {
	Text string
	// AllowedDomains, when set, keeps only results on these domains (or
	// their subdomains); BlockedDomains drops results on these.
	AllowedDomains []string
	BlockedDomains []string
	// MaxResults bounds the results returned (at least 1).
	MaxResults int
}

// Result is one page found.
type Result struct {
	Title   string
	URL     string
	Snippet string
	// Age is the page's date or age when the backend gives one.
	Age string
}

// Response is what a search found.
type Response struct {
	Results []Result
	// Answer is the text a model wrote from its own search (Native only).
	Answer string
	// Backend names who searched ("searxng", "brave", "tavily", or
	// "anthropic native search" and the like).
	Backend string
}

// Searcher answers queries.
type Searcher interface {
	Search(ctx context.Context, q Query) (Response, error)
}

// Filter applies the domain lists, drops results without a URL and
// duplicates (merging their snippets), and keeps at most q.MaxResults.
func Filter(q Query, in []Result) []Result {
	var out []Result
	seen := map[string]int{}
	for _, r := range in {
		if r.URL == "" || !q.allows(r.URL) {
			continue
		}
		if i, ok := seen[r.URL]; ok {
			out[i] = merge(out[i], r)
			continue
		}
		if len(out) >= max(q.MaxResults, 1) {
			continue
		}
		seen[r.URL] = len(out)
		out = append(out, r)
	}
	return out
}

// merge fills what a lacks from b and adds b's snippet.
func merge(a, b Result) Result {
	if a.Title == "" {
		a.Title = b.Title
	}
	if a.Age == "" {
		a.Age = b.Age
	}
	switch {
	case b.Snippet == "" || strings.Contains(a.Snippet, b.Snippet):
	case a.Snippet == "":
		a.Snippet = b.Snippet
	default:
		a.Snippet += " … " + b.Snippet
	}
	return a
}

// allows applies the domain lists to a result URL.
func (q Query) allows(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return false
	}
	host := strings.ToLower(u.Hostname())
	for _, d := range q.BlockedDomains {
		if onDomain(host, d) {
			return false
		}
	}
	if len(q.AllowedDomains) == 0 {
		return true
	}
	for _, d := range q.AllowedDomains {
		if onDomain(host, d) {
			return true
		}
	}
	return false
}

// onDomain reports whether host is domain or one of its subdomains.
func onDomain(host, domain string) bool {
	d := strings.ToLower(strings.TrimSpace(domain))
	d = strings.TrimPrefix(strings.TrimPrefix(d, "https://"), "http://")
	d = strings.Trim(strings.TrimPrefix(d, "*."), "/.")
	return d != "" && (host == d || strings.HasSuffix(host, "."+d))
}
