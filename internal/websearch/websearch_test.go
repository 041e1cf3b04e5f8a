package websearch

import (
	"context"
	"encoding/json"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

func TestFilterDomainsDuplicatesAndCount(t *testing.T) {
	t.Parallel()
	in := []Result{
		{URL: "https://go.dev/doc", Title: "Doc", Snippet: "a"},
		{URL: "https://evil.go.dev.attacker.com/x"},
		{URL: "https://pkg.go.dev/net/http", Title: "http"},
		{URL: "https://go.dev/doc", Snippet: "b"},
		{URL: "https://blog.golang.org/x"},
		{URL: "https://tip.go.dev/y"},
		{URL: "not a url"},
	}
	q := Query{AllowedDomains: []string{"go.dev", "https://golang.org/"}, BlockedDomains: []string{"*.pkg.go.dev", "tip.go.dev"}, MaxResults: 5}
	got := Filter(q, in)
	var urls []string
	for _, r := range got {
		urls = append(urls, r.URL)
	}
	if strings.Join(urls, " ") != "https://go.dev/doc https://blog.golang.org/x" {
		t.Fatalf("kept %v", urls)
	}
	if got[0].Snippet != "a … b" {
		t.Errorf("merged snippet %q", got[0].Snippet)
	}
	if n := len(Filter(Query{MaxResults: 2}, in)); n != 2 {
		t.Errorf("max 2 kept %d", n)
	}
}

// serve answers every request with body and records the last one.
func serve(t *testing.T, body string) (string, *http.Request, *[]byte) {
	t.Helper()
	var got http.Request
	var sent []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = *r.Clone(context.Background())
		sent, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &got, &sent
}

func TestSearXNG(t *testing.T) {
	t.Parallel()
	url, req, _ := serve(t, `{"query":"go 1.26","number_of_results":0,"results":[{"url":"https://go.dev/doc/go1.26","title":"Go 1.26 Release Notes","content":"Go 1.26 adds…","engine":"duckduckgo","parsed_url":["https","go.dev","/doc/go1.26","","",""],"engines":["duckduckgo"],"positions":[1],"score":1.0,"category":"general","publishedDate":null}],"answers":[],"corrections":[],"infoboxes":[],"suggestions":[],"unresponsive_engines":[]}`)
	res, err := SearXNG{URL: url + "/"}.Search(t.Context(), Query{Text: "go 1.26", MaxResults: 5})
	if err != nil {
		t.Fatal(err)
	}
	if req.URL.Path != "/search" || req.URL.Query().Get("format") != "json" || req.URL.Query().Get("q") != "go 1.26" {
		t.Errorf("request %s", req.URL)
	}
	if len(res.Results) != 1 || res.Results[0].Snippet != "Go 1.26 adds…" || res.Backend != "searxng" {
		t.Errorf("response %+v", res)
	}
}

func TestBrave(t *testing.T) {
	t.Parallel()
	url, req, _ := serve(t, `{"type":"search","query":{"original":"go 1.26"},"web":{"type":"search","results":[{"title":"Go 1.26 Release Notes","url":"https://go.dev/doc/go1.26","description":"<strong>Go 1.26</strong> adds a new collector.","age":"February 11, 2026","language":"en","family_friendly":true}]}}`)
	res, err := Brave{URL: url, Key: "brave-key"}.Search(t.Context(), Query{Text: "go 1.26", MaxResults: 3})
	if err != nil {
		t.Fatal(err)
	}
	if req.URL.Path != "/res/v1/web/search" || req.URL.Query().Get("count") != "3" || req.Header.Get("X-Subscription-Token") != "brave-key" {
		t.Errorf("request %s %v", req.URL, req.Header)
	}
	if len(res.Results) != 1 || res.Results[0].Snippet != "Go 1.26 adds a new collector." || res.Results[0].Age != "February 11, 2026" {
		t.Errorf("response %+v", res)
	}
}

func TestTavily(t *testing.T) {
	t.Parallel()
	url, req, sent := serve(t, `{"query":"go 1.26","answer":null,"images":[],"results":[{"title":"Go 1.26 Release Notes","url":"https://go.dev/doc/go1.26","content":"Go 1.26 adds a new collector.","score":0.93,"raw_content":null}],"response_time":0.8}`)
	res, err := Tavily{URL: url, Key: "tvly-key"}.Search(t.Context(), Query{Text: "go 1.26", MaxResults: 4, BlockedDomains: []string{"x.com"}})
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	_ = json.Unmarshal(*sent, &body)
	if req.URL.Path != "/search" || req.Header.Get("Authorization") != "Bearer tvly-key" || body["max_results"] != 4.0 || len(body["exclude_domains"].([]any)) != 1 {
		t.Errorf("request %s %v %v", req.URL, req.Header, body)
	}
	if len(res.Results) != 1 || res.Results[0].Title != "Go 1.26 Release Notes" {
		t.Errorf("response %+v", res)
	}
}

func TestBackendErrorSaysWhy(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"error":"invalid key"}`, http.StatusUnauthorized)
	}))
	t.Cleanup(srv.Close)
	_, err := Brave{URL: srv.URL, Key: "bad"}.Search(t.Context(), Query{Text: "x"})
	if err == nil || !strings.Contains(err.Error(), "401") || !strings.Contains(err.Error(), "invalid key") {
		t.Fatalf("error %v", err)
	}
}

func TestNativeGathersFoundAndCitedPages(t *testing.T) {
	t.Parallel()
	var sent *llm.Request
	p := llm.ProviderFunc(func(_ context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
		sent = req
		return func(yield func(llm.Event, error) bool) {
			for _, ev := range []llm.Event{
				{Type: llm.EventWebResults, WebResults: []llm.WebResult{{Title: "Notes", URL: "https://go.dev/doc/go1.26", PageAge: "2026"}, {Title: "X", URL: "https://x.com/post"}}},
				{Type: llm.EventTextDelta, Text: "Go 1.26 is out."},
				{Type: llm.EventWebResults, WebResults: []llm.WebResult{{URL: "https://go.dev/doc/go1.26", Snippet: "Go 1.26 is out"}}},
				{Type: llm.EventFinish, Reason: llm.FinishStop},
			} {
				if !yield(ev, nil) {
					return
				}
			}
		}
	})
	res, err := Native{Provider: p, Model: "m", Label: "anthropic"}.Search(t.Context(), Query{Text: "go 1.26", BlockedDomains: []string{"x.com"}, MaxResults: 5})
	if err != nil {
		t.Fatal(err)
	}
	if sent.WebSearch == nil || len(sent.Tools) != 0 || !strings.Contains(sent.Messages[0].Parts[0].Text, "Query: go 1.26") {
		t.Errorf("request %+v", sent)
	}
	if len(res.Results) != 1 || res.Results[0].Snippet != "Go 1.26 is out" || res.Answer != "Go 1.26 is out." || res.Backend != "anthropic native search" {
		t.Errorf("response %+v", res)
	}
}
