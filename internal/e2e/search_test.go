package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// toolNames lists the tools a chat request offers.
func toolNames(b chatBody) []string {
	var names []string
	for _, raw := range b.Tools {
		var t struct {
			Function struct{ Name string } `json:"function"`
		}
		_ = json.Unmarshal(raw, &t)
		names = append(names, t.Function.Name)
	}
	return names
}

// jsonServer answers every request with body and records the requests'
// paths and queries.
func jsonServer(t *testing.T, body string) (*httptest.Server, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.RequestURI()+" "+string(raw))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

func TestRunWebSearchWithSearXNG(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	searx, seen := jsonServer(t, `{"query":"go 1.26","number_of_results":0,"results":[
		{"url":"https://go.dev/doc/go1.26","title":"Go 1.26 Release Notes","content":"Go 1.26 adds a new garbage collector.","engine":"duckduckgo","score":1.0,"category":"general"},
		{"url":"https://spam.example/go","title":"Spam","content":"buy now","engine":"bing","score":0.5,"category":"general"}],
		"answers":[],"corrections":[],"infoboxes":[],"suggestions":[],"unresponsive_engines":[]}`)
	srv := serveReplies(t,
		reply{calls: []call{{id: "call_ws", name: "web_search", args: `{"query":"go 1.26","blocked_domains":["spam.example"],"max_results":5}`}}},
		reply{text: "Go 1.26 has a new collector."},
	)
	cfg := serverConfig(srv.URL())
	cfg["options"] = map[string]any{"web_search": map[string]any{"backend": "searxng", "url": searx.URL}}
	cfg["permissions"] = map[string]any{"allow": []string{"web_search"}}
	e.useConfig(cfg)
	if r := e.hone("run", "what is new in go 1.26?"); r.code != 0 {
		t.Fatalf("want exit 0, got %s", r)
	}
	mains := srv.MainRequests()
	if len(mains) != 2 {
		t.Fatalf("want 2 main requests, got %d", len(mains))
	}
	mustContain(t, "tools offered", strings.Join(toolNames(mains[0].Body), " "), "web_search", "sourcegraph")
	res, _ := mains[1].Body.toolResult("call_ws")
	mustContain(t, "web_search result", res.Text(),
		"Web search results for \"go 1.26\" (searxng):", "1. Go 1.26 Release Notes\n   https://go.dev/doc/go1.26\n   Go 1.26 adds a new garbage collector.")
	if strings.Contains(res.Text(), "spam.example") {
		t.Errorf("a blocked domain came through:\n%s", res.Text())
	}
	if s := seen(); len(s) != 1 || !strings.Contains(s[0], "GET /search?") || !strings.Contains(s[0], "format=json") {
		t.Errorf("searxng requests: %v", s)
	}
}

func TestRunWebSearchIsNotOfferedWithoutABackend(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := serveReplies(t, reply{text: "ok"})
	e.useServer(srv.URL())
	if r := e.hone("run", "hi"); r.code != 0 {
		t.Fatalf("want exit 0, got %s", r)
	}
	if names := toolNames(srv.MainRequests()[0].Body); strings.Contains(strings.Join(names, " "), "web_search") {
		t.Errorf("web_search offered without a backend: %v", names)
	}
}

func TestRunWebSearchDeniedWithoutPermission(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	searx, seen := jsonServer(t, `{"results":[]}`)
	srv := serveReplies(t,
		reply{calls: []call{{id: "call_ws", name: "web_search", args: `{"query":"secret project name"}`}}},
		reply{text: "I could not search."},
	)
	cfg := serverConfig(srv.URL())
	cfg["options"] = map[string]any{"web_search": map[string]any{"backend": "searxng", "url": searx.URL}}
	e.useConfig(cfg)
	if r := e.hone("run", "search"); r.code != 5 {
		t.Fatalf("want exit 5 (denied), got %s", r)
	}
	if s := seen(); len(s) != 0 {
		t.Errorf("the query left the machine without permission: %v", s)
	}
}

func TestRunSourcegraph(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sg, seen := jsonServer(t, `{"data":{"search":{"results":{"matchCount":1,"limitHit":false,"resultCount":1,"approximateResultCount":"1","missing":[],"timedout":[],"indexUnavailable":false,"results":[{"__typename":"FileMatch","repository":{"name":"github.com/acme/hello"},"file":{"path":"main.go","url":"/github.com/acme/hello/-/blob/main.go","content":"package main\n\nfunc main() {}\n"},"lineMatches":[{"preview":"func main() {}","lineNumber":2,"offsetAndLengths":[[0,9]]}]}]}}}}`)
	srv := serveReplies(t,
		reply{calls: []call{{id: "call_sg", name: "sourcegraph", args: `{"query":"lang:go \"func main\"","count":3,"context_window":1}`}}},
		reply{text: "Found one."},
	)
	cfg := serverConfig(srv.URL())
	cfg["options"] = map[string]any{"sourcegraph": map[string]any{"url": sg.URL}}
	cfg["permissions"] = map[string]any{"allow": []string{"sourcegraph"}}
	e.useConfig(cfg)
	if r := e.hone("run", "find main functions"); r.code != 0 {
		t.Fatalf("want exit 0, got %s", r)
	}
	res, _ := srv.MainRequests()[1].Body.toolResult("call_sg")
	mustContain(t, "sourcegraph result", res.Text(), "github.com/acme/hello › main.go\n"+sg.URL+"/github.com/acme/hello/-/blob/main.go\n", ">      3| func main() {}")
	if s := seen(); len(s) != 1 || !strings.HasPrefix(s[0], "POST /.api/graphql ") || !strings.Contains(s[0], `lang:go \"func main\" count:3`) {
		t.Errorf("sourcegraph requests: %v", s)
	}
}

// anthropicSSE turns "event\ndata" pairs into a Messages API stream.
func anthropicSSE(events ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(events); i += 2 {
		b.WriteString("event: " + events[i] + "\ndata: " + events[i+1] + "\n\n")
	}
	return b.String()
}

func TestRunWebSearchNativeAnthropic(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	start := `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}`
	stop := func(reason string) []string {
		return []string{"message_delta", `{"type":"message_delta","delta":{"stop_reason":"` + reason + `","stop_sequence":null},"usage":{"output_tokens":20}}`,
			"message_stop", `{"type":"message_stop"}`}
	}
	callSearch := anthropicSSE(append([]string{"message_start", start,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_ws1","name":"web_search","input":{}}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\": \"go 1.26\", \"blocked_domains\": [\"example.org\"]}"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`}, stop("tool_use")...)...)
	search := anthropicSSE(append([]string{"message_start", start,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\": \"go 1.26\"}"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[{"type":"web_search_result","title":"Go 1.26 Release Notes","url":"https://go.dev/doc/go1.26","encrypted_content":"EqgfHone1==","page_age":"February 11, 2026"},{"type":"web_search_result","title":"Elsewhere","url":"https://example.org/go","encrypted_content":"EqgfHone2==","page_age":null}]}}`,
		"content_block_stop", `{"type":"content_block_stop","index":1}`,
		"content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"text","text":"","citations":[]}}`,
		"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"citations_delta","citation":{"type":"web_search_result_location","cited_text":"Go 1.26 adds a new garbage collector.","url":"https://go.dev/doc/go1.26","title":"Go 1.26 Release Notes","encrypted_index":"EpMBHone=="}}}`,
		"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"Go 1.26 has a new garbage collector."}}`,
		"content_block_stop", `{"type":"content_block_stop","index":2}`}, stop("end_turn")...)...)
	final := anthropicSSE(append([]string{"message_start", start,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Done."}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`}, stop("end_turn")...)...)
	var mu sync.Mutex
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		body := string(raw)
		mu.Lock()
		bodies = append(bodies, body)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		switch {
		case strings.Contains(body, `"web_search_20250305"`):
			_, _ = io.WriteString(w, search)
		case strings.Contains(body, `"toolu_ws1"`):
			_, _ = io.WriteString(w, final)
		case strings.Contains(body, `"tools"`):
			_, _ = io.WriteString(w, callSearch)
		default: // title
			_, _ = io.WriteString(w, final)
		}
	}))
	t.Cleanup(srv.Close)
	e.useConfig(map[string]any{
		"providers": map[string]any{"claude": map[string]any{
			"type": "anthropic", "base_url": srv.URL, "api_key": "test-key",
			"models": []any{map[string]any{"id": "claude-sonnet-4-5", "context_window": 200000, "max_tokens": 4096}},
		}},
		"models":      map[string]any{"large": []string{"claude/claude-sonnet-4-5"}, "small": []string{"claude/claude-sonnet-4-5"}},
		"permissions": map[string]any{"allow": []string{"web_search"}},
	})
	if r := e.hone("run", "what is new in go 1.26?"); r.code != 0 {
		t.Fatalf("want exit 0, got %s", r)
	}
	mu.Lock()
	defer mu.Unlock()
	var last string
	for _, b := range bodies {
		if strings.Contains(b, `"toolu_ws1"`) && !strings.Contains(b, "web_search_20250305") {
			last = b
		}
	}
	var req struct {
		Messages []struct {
			Content []struct {
				Type    string          `json:"type"`
				Content json.RawMessage `json:"content"`
			} `json:"content"`
		} `json:"messages"`
	}
	_ = json.Unmarshal([]byte(last), &req)
	var result string
	for _, m := range req.Messages {
		for _, c := range m.Content {
			if c.Type == "tool_result" {
				result = string(c.Content)
			}
		}
	}
	mustContain(t, "native web_search result", result, "anthropic native search", "Go 1.26 Release Notes", "https://go.dev/doc/go1.26",
		"Go 1.26 adds a new garbage collector.", "Go 1.26 has a new garbage collector.")
	if strings.Contains(result, "example.org") {
		t.Errorf("a blocked domain came through: %s", result)
	}
}
