package tools

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// sgAnswer is a search answer in the wire shape of Sourcegraph's GraphQL
// API (lineNumber is 0-based; file URLs are site-relative).
const sgAnswer = `{"data":{"search":{"results":{"matchCount":2,"limitHit":true,"resultCount":2,"approximateResultCount":"2+","missing":[],"timedout":[],"indexUnavailable":false,"results":[
{"__typename":"FileMatch","repository":{"name":"github.com/acme/hello"},"file":{"path":"cmd/main.go","url":"/r/github.com/acme/hello/-/blob/cmd/main.go","content":"package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n"},"lineMatches":[{"preview":"func main() {","lineNumber":4,"offsetAndLengths":[[0,9]]}]},
{"__typename":"Repository","name":"github.com/acme/other","url":"/github.com/acme/other","description":"Another one"}]}}}}`

// sgServer answers GraphQL searches with answer and records the request.
func sgServer(t *testing.T, answer string) (*httptest.Server, *map[string]any, *string) {
	t.Helper()
	var got map[string]any
	var path string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path = r.Method + " " + r.URL.Path
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &got)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	return srv, &got, &path
}

func TestSourcegraphSearchesAndFormats(t *testing.T) {
	t.Parallel()
	srv, got, path := sgServer(t, sgAnswer)
	te := newToolEnv(t)
	te.Sourcegraph = srv.URL
	res := te.run(t, "sourcegraph", jsonArgs{"query": `lang:go "func main"`, "count": 5, "context_window": 1})
	if res.IsError {
		t.Fatal(res.Content)
	}
	if *path != "POST /.api/graphql" {
		t.Errorf("request %s", *path)
	}
	vars, _ := (*got)["variables"].(map[string]any)
	if vars["query"] != `lang:go "func main" count:5` {
		t.Errorf("query sent: %v", vars["query"])
	}
	for _, want := range []string{
		"2+ matches; showing 2 results. (The result limit was hit",
		"github.com/acme/hello › cmd/main.go\n" + srv.URL + "/r/github.com/acme/hello/-/blob/cmd/main.go\n",
		"       4| \n>      5| func main() {\n       6| \tfmt.Println(\"hi\")\n",
		"Repository github.com/acme/other " + srv.URL + "/github.com/acme/other",
	} {
		if !strings.Contains(res.Content, want) {
			t.Errorf("result lacks %q:\n%s", want, res.Content)
		}
	}
	if asked := te.asker.asked(); len(asked) != 1 || asked[0].Action != "network" {
		t.Errorf("permission requests: %+v", asked)
	}
}

func TestSourcegraphFollowsTheFetchRouting(t *testing.T) {
	t.Parallel()
	srv, _, path := sgServer(t, sgAnswer)
	te := newToolEnv(t)
	te.FetchBaseURL = srv.URL + "/__http__/"
	res := te.run(t, "sourcegraph", jsonArgs{"query": "context:global x count:3"})
	if res.IsError || *path != "POST /__http__/sourcegraph.com/.api/graphql" {
		t.Fatalf("routed to %q: %s", *path, res.Content)
	}
}

func TestSourcegraphErrorsAndDenial(t *testing.T) {
	t.Parallel()
	srv, _, _ := sgServer(t, `{"errors":[{"message":"invalid query: unbalanced parenthesis"}]}`)
	te := newToolEnv(t)
	te.Sourcegraph = srv.URL
	res := te.run(t, "sourcegraph", jsonArgs{"query": "(x"})
	if !res.IsError || !strings.Contains(res.Content, "unbalanced parenthesis") {
		t.Fatalf("GraphQL error not reported: %s", res.Content)
	}
	te.asker.deny = true
	if res := te.run(t, "sourcegraph", jsonArgs{"query": "x"}); !res.Denied {
		t.Fatalf("not denied: %s", res.Content)
	}
}
