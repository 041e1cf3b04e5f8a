package tools

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/websearch"
)

// stubSearcher answers with resp (or err) and records the query.
type stubSearcher struct {
	got  websearch.Query
	resp websearch.Response
	err  error
}

func (s *stubSearcher) Search(_ context.Context, q websearch.Query) (websearch.Response, error) {
	s.got = q
	return s.resp, s.err
}

func TestWebSearchIsOfferedOnlyWithASearcher(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	if slices.Contains(NewRegistry(Builtins(te.Env)...).Names(), "web_search") {
		t.Error("web_search offered with nothing to search with")
	}
	te.WebSearch = &stubSearcher{}
	if !slices.Contains(NewRegistry(Builtins(te.Env)...).Names(), "web_search") {
		t.Error("web_search not offered with a searcher")
	}
}

func TestWebSearchListsResults(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	s := &stubSearcher{resp: websearch.Response{Backend: "searxng", Answer: "It is out.", Results: []websearch.Result{
		{Title: "Go 1.26 Release Notes", URL: "https://go.dev/doc/go1.26", Snippet: "Go 1.26\n  adds", Age: "2026-02-11"},
		{URL: "https://go.dev/blog/go1.26"},
	}}}
	te.WebSearch = s
	res := te.run(t, "web_search", jsonArgs{"query": " go 1.26 ", "allowed_domains": []string{"go.dev"}, "max_results": 50})
	if res.IsError {
		t.Fatal(res.Content)
	}
	if s.got.Text != "go 1.26" || s.got.MaxResults != 20 || s.got.AllowedDomains[0] != "go.dev" {
		t.Errorf("query %+v", s.got)
	}
	want := "Web search results for \"go 1.26\" (searxng):\n\n1. Go 1.26 Release Notes\n   https://go.dev/doc/go1.26\n   (2026-02-11)\n   Go 1.26 adds\n\n2. https://go.dev/blog/go1.26\n   https://go.dev/blog/go1.26\n\nAnswer written from these pages by the search model:\nIt is out."
	if res.Content != want {
		t.Errorf("content:\n%s\nwant:\n%s", res.Content, want)
	}
	if asked := te.asker.asked(); len(asked) != 1 || asked[0].Action != "network" || !strings.Contains(asked[0].Description, "go 1.26") {
		t.Errorf("permission: %+v", asked)
	}
}

func TestWebSearchFailureAndDenial(t *testing.T) {
	t.Parallel()
	te := newToolEnv(t)
	te.WebSearch = &stubSearcher{err: errors.New("brave: api.search.brave.com answered 401")}
	if res := te.run(t, "web_search", jsonArgs{"query": "x"}); !res.IsError || !strings.Contains(res.Content, "401") {
		t.Fatalf("failure: %s", res.Content)
	}
	te.asker.deny = true
	if res := te.run(t, "web_search", jsonArgs{"query": "x"}); !res.Denied {
		t.Fatalf("not denied: %s", res.Content)
	}
}
