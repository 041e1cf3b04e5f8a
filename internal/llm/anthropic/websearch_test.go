package anthropic

import (
	"encoding/json"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestWebSearchToolAndResults(t *testing.T) {
	t.Parallel()
	req := llmtest.SimpleRequest("claude-sonnet-4-5", "Search the web for: go 1.26 release notes")
	req.Tools = nil
	req.WebSearch = &llm.WebSearch{MaxUses: 2, AllowedDomains: []string{"go.dev"}, BlockedDomains: []string{"x.com"}}
	r, srv := collect(t, req, fixture(t, "web_search"))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	var body struct {
		Tools []map[string]any `json:"tools"`
	}
	_ = json.Unmarshal(srv.Requests()[0].Body, &body)
	if len(body.Tools) != 1 {
		t.Fatalf("tools sent: %+v", body.Tools)
	}
	tool := body.Tools[0]
	if tool["type"] != "web_search_20250305" || tool["name"] != "web_search" || tool["max_uses"] != 2.0 || tool["blocked_domains"] != nil {
		t.Errorf("web search tool sent as %+v", tool)
	}
	var got []llm.WebResult
	for _, ev := range r.Events {
		got = append(got, ev.WebResults...)
	}
	if len(got) != 4 {
		t.Fatalf("%d web results, want 3 pages and 1 citation: %+v", len(got), got)
	}
	if got[0].URL != "https://go.dev/doc/go1.26" || got[0].PageAge != "February 11, 2026" || got[2].Title != "What's new in Go 1.26" {
		t.Errorf("pages %+v", got[:3])
	}
	if got[3].Snippet != "Go 1.26 adds a new garbage collector by default. " {
		t.Errorf("citation %+v", got[3])
	}
	if r.Text() != "Go 1.26 was released in February 2026.It turns on the new garbage collector by default." {
		t.Errorf("text %q", r.Text())
	}
	if r.Count(llm.EventToolCallStart) != 0 {
		t.Error("the server tool came out as a client tool call")
	}
}

func TestWebSearchError(t *testing.T) {
	t.Parallel()
	res := webResultsOf(`{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"web_search_tool_result_error","error_code":"max_uses_exceeded"}}`)
	if len(res) != 1 || res[0].Error != "max_uses_exceeded" {
		t.Fatalf("%+v", res)
	}
}
