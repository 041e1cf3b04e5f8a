package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/honecode/hone/internal/permission"
	"github.com/honecode/hone/internal/websearch"
)

//go:embed web_search.md
var webSearchDescription string

// Limits of one web_search call.
const (
	webSearchDefaultResults = 8
	webSearchMaxResults     = 20
	webSearchTimeout        = 90 * time.Second
)

// WebSearcher answers the web_search tool's queries (a provider's own
// search or a search service; see internal/websearch).
type WebSearcher interface {
	Search(ctx context.Context, q websearch.Query) (websearch.Response, error)
}

type webSearchParams struct {
	Query          string   `json:"query" jsonschema_description:"The search query."`
	AllowedDomains []string `json:"allowed_domains,omitempty" jsonschema_description:"Only return results from these domains (subdomains included)."`
	BlockedDomains []string `json:"blocked_domains,omitempty" jsonschema_description:"Never return results from these domains."`
	MaxResults     int      `json:"max_results,omitempty" jsonschema_description:"Number of results (default 8, at most 20)." jsonschema:"minimum=1,maximum=20"`
}

type webSearchTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool {
		if env.WebSearch == nil { // nothing can search: the tool is not offered
			return nil
		}
		return &webSearchTool{env: env, schema: SchemaFor[webSearchParams]()}
	})
}

// Info describes web_search.
func (t *webSearchTool) Info() Info {
	return Info{Name: "web_search", Description: webSearchDescription, Schema: t.schema, Policy: PolicyNetwork}
}

// Run asks for network access, searches and lists the results.
func (t *webSearchTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[webSearchParams](call)
	if err != nil {
		return Result{}, err
	}
	q := websearch.Query{
		Text:           strings.TrimSpace(p.Query),
		AllowedDomains: p.AllowedDomains,
		BlockedDomains: p.BlockedDomains,
		MaxResults:     clampDefault(p.MaxResults, webSearchDefaultResults, webSearchMaxResults),
	}
	if q.Text == "" {
		return ErrorResult("query is empty: give the words to search for."), nil
	}
	if res, ok := askPermission(ctx, t.env, permission.Request{
		ToolName: "web_search", Action: permission.ActionNetwork, Description: "Search the web for: " + q.Text,
	}); !ok {
		return res, nil
	}
	ctx, cancel := context.WithTimeout(ctx, webSearchTimeout)
	defer cancel()
	resp, err := t.env.WebSearch.Search(ctx, q)
	if err != nil {
		if ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		return ErrorResult(fmt.Sprintf("web search failed: %v", err)), nil
	}
	text := formatWebResults(q, resp)
	return Result{Content: text, Display: Display{Kind: DisplayText, Title: q.Text, Body: text}}, nil
}

// formatWebResults lists the results, numbered, then the provider's
// answer when there is one.
func formatWebResults(q websearch.Query, r websearch.Response) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Web search results for %q (%s):\n", q.Text, r.Backend)
	if len(r.Results) == 0 {
		b.WriteString("\nNo results. Try other words, or fewer domain limits.\n")
	}
	for i, res := range r.Results {
		title := res.Title
		if title == "" {
			title = res.URL
		}
		fmt.Fprintf(&b, "\n%d. %s\n   %s\n", i+1, title, res.URL)
		if res.Age != "" {
			fmt.Fprintf(&b, "   (%s)\n", res.Age)
		}
		if s := strings.TrimSpace(res.Snippet); s != "" {
			s, _ = cutRunes(strings.Join(strings.Fields(s), " "), 600)
			fmt.Fprintf(&b, "   %s\n", s)
		}
	}
	if r.Answer != "" {
		fmt.Fprintf(&b, "\nAnswer written from these pages by the search model:\n%s\n", r.Answer)
	}
	return strings.TrimRight(b.String(), "\n")
}
