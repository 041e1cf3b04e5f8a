package tools

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/honecode/hone/internal/permission"
)

//go:embed sourcegraph.md
var sourcegraphDescription string

// Limits of one sourcegraph call.
const (
	sourcegraphDefaultURL     = "https://sourcegraph.com"
	sourcegraphDefaultCount   = 10
	sourcegraphMaxCount       = 20
	sourcegraphDefaultContext = 10
	sourcegraphMaxContext     = 20
	sourcegraphDefaultTimeout = 30
	sourcegraphMaxTimeout     = 120
	sourcegraphMaxBody        = 20 << 20
)

type sourcegraphParams struct {
	Query         string `json:"query" jsonschema_description:"Sourcegraph search query, such as 'lang:go \"func main\"' or 'repo:^github\\.com/org/repo$ file:\\.ts$ useState'."`
	Count         int    `json:"count,omitempty" jsonschema_description:"Number of files to return (default 10, at most 20)." jsonschema:"minimum=1,maximum=20"`
	ContextWindow int    `json:"context_window,omitempty" jsonschema_description:"Lines of context around each match (default 10, at most 20)." jsonschema:"minimum=0,maximum=20"`
	Timeout       int    `json:"timeout,omitempty" jsonschema_description:"Timeout in seconds (default 30, at most 120)." jsonschema:"minimum=1,maximum=120"`
}

type sourcegraphTool struct {
	env    *Env
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool { return &sourcegraphTool{env: env, schema: SchemaFor[sourcegraphParams]()} })
}

// Info describes sourcegraph.
func (t *sourcegraphTool) Info() Info {
	return Info{Name: "sourcegraph", Description: sourcegraphDescription, Schema: t.schema, Policy: PolicyNetwork}
}

// hasCountFilter reports whether query already holds a count: filter: a
// word "count:" followed by at least one character, as the regular
// expression (^|\s)count:\S+ would find it.
func hasCountFilter(query string) bool {
	const space = "\t\n\f\r "
	for i := 0; ; {
		j := strings.Index(query[i:], "count:")
		if j < 0 {
			return false
		}
		at := i + j
		end := at + len("count:")
		if (at == 0 || strings.IndexByte(space, query[at-1]) >= 0) && end < len(query) && strings.IndexByte(space, query[end]) < 0 {
			return true
		}
		i = at + 1
	}
}

// Run searches code on the configured Sourcegraph instance.
func (t *sourcegraphTool) Run(ctx context.Context, call Call) (Result, error) {
	p, err := decodeArgs[sourcegraphParams](call)
	if err != nil {
		return Result{}, err
	}
	if strings.TrimSpace(p.Query) == "" {
		return ErrorResult("query is empty: give a Sourcegraph search query."), nil
	}
	endpoint, msg := t.endpoint()
	if msg != "" {
		return ErrorResult(msg), nil
	}
	count := clampDefault(p.Count, sourcegraphDefaultCount, sourcegraphMaxCount)
	query := p.Query
	if hasCountFilter(query) {
		count = sourcegraphMaxCount // the query's own count: decides
	} else {
		query += fmt.Sprintf(" count:%d", count)
	}
	if res, ok := askPermission(ctx, t.env, permission.Request{
		ToolName: "sourcegraph", Action: permission.ActionNetwork,
		Description: fmt.Sprintf("Search code on %s: %s", endpoint.Host, query),
	}); !ok {
		return res, nil
	}
	ctx, cancel := context.WithTimeout(ctx, timeoutSeconds(p.Timeout, sourcegraphDefaultTimeout, sourcegraphMaxTimeout))
	defer cancel()
	data, err := t.search(ctx, endpoint, query)
	if err != nil {
		return ErrorResult(fmt.Sprintf("sourcegraph search failed: %v", err)), nil
	}
	window := p.ContextWindow
	if window == 0 {
		window = sourcegraphDefaultContext
	}
	text := formatSourcegraph(data, endpoint, count, min(max(window, 0), sourcegraphMaxContext))
	return Result{Content: text, Display: Display{Kind: DisplayText, Title: query, Body: text}}, nil
}

// endpoint is the GraphQL URL of the configured instance.
func (t *sourcegraphTool) endpoint() (*url.URL, string) {
	base := strings.TrimSpace(t.env.Sourcegraph)
	if base == "" {
		base = sourcegraphDefaultURL
	}
	u, msg := parseWebURL(base)
	if msg != "" {
		return nil, "options.sourcegraph.url: " + msg
	}
	u.Path = strings.TrimRight(u.Path, "/") + "/.api/graphql"
	u.RawPath = ""
	return u, ""
}

// sourcegraphQuery asks for file, repository and commit matches with the
// file content, from which context lines are cut.
const sourcegraphQuery = `query Search($query: String!) {
  search(query: $query, version: V3, patternType: keyword) {
    results {
      matchCount
      limitHit
      approximateResultCount
      results {
        __typename
        ... on FileMatch {
          repository { name }
          file { path url content }
          lineMatches { preview lineNumber offsetAndLengths }
        }
        ... on Repository { name url description }
        ... on CommitSearchResult { url label { text } }
      }
    }
  }
}`

// search posts the query and decodes the answer; GraphQL errors become
// errors.
func (t *sourcegraphTool) search(ctx context.Context, endpoint *url.URL, query string) (*sgData, error) {
	body, _ := json.Marshal(map[string]any{"query": sourcegraphQuery, "variables": map[string]any{"query": query}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, routedURL(t.env.FetchBaseURL, endpoint), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	if t.env.SourcegraphToken != "" {
		req.Header.Set("Authorization", "token "+t.env.SourcegraphToken)
	}
	client := t.env.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, sourcegraphMaxBody))
	if err != nil {
		return nil, fmt.Errorf("read answer: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("%s answered %s: %s", endpoint.Host, resp.Status, strings.TrimSpace(cutBytes(string(raw), 300)))
	}
	var out sgResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("decode answer: %w", err)
	}
	if len(out.Errors) > 0 {
		msgs := make([]string, len(out.Errors))
		for i, e := range out.Errors {
			msgs[i] = e.Message
		}
		return nil, fmt.Errorf("%s", strings.Join(msgs, "; "))
	}
	return &out.Data, nil
}

// clampDefault is v, or def when v is not positive, at most hi.
func clampDefault(v, def, hi int) int {
	if v <= 0 {
		return def
	}
	return min(v, hi)
}
