package openai

import (
	"encoding/json"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestWebSearchToolAndResults(t *testing.T) {
	t.Parallel()
	answer := "Go 1.26 turns on the new garbage collector by default ([go.dev](https://go.dev/doc/go1.26))."
	resp := stream([]string{created(),
		sse("response.output_item.added", `"output_index":0,"item":{"id":"ws_68a1","type":"web_search_call","status":"in_progress"}`),
		sse("response.web_search_call.in_progress", `"output_index":0,"item_id":"ws_68a1"`),
		sse("response.web_search_call.searching", `"output_index":0,"item_id":"ws_68a1"`),
		sse("response.web_search_call.completed", `"output_index":0,"item_id":"ws_68a1"`),
		sse("response.output_item.done", `"output_index":0,"item":{"id":"ws_68a1","type":"web_search_call","status":"completed","action":{"type":"search","query":"go 1.26 release notes","sources":[{"type":"url","url":"https://go.dev/doc/go1.26"},{"type":"url","url":"https://go.dev/blog/go1.26"}]}}`),
		sse("response.output_item.added", `"output_index":1,"item":{"id":"msg_68a2","type":"message","status":"in_progress","content":[],"role":"assistant"}`)},
		textDeltas("msg_68a2", answer),
		[]string{
			sse("response.output_text.annotation.added", `"item_id":"msg_68a2","output_index":1,"content_index":0,"annotation_index":0,"annotation":{"type":"url_citation","end_index":86,"start_index":68,"title":"Go 1.26 Release Notes","url":"https://go.dev/doc/go1.26"}`),
			sse("response.output_item.done", `"output_index":1,"item":{"id":"msg_68a2","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","annotations":[{"type":"url_citation","end_index":86,"start_index":0,"title":"Go 1.26 Release Notes","url":"https://go.dev/doc/go1.26"}],"logprobs":[],"text":`+quote(answer)+`}]}`),
			completed("completed", 900, 0, 60, "")})
	req := llmtest.SimpleRequest("gpt-5", "Search the web for: go 1.26 release notes")
	req.Tools = nil
	req.WebSearch = &llm.WebSearch{AllowedDomains: []string{"go.dev"}}
	r, srv := collect(t, resp, req)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	var body struct {
		Tools   []map[string]any `json:"tools"`
		Include []string         `json:"include"`
	}
	_ = json.Unmarshal(srv.Requests()[0].Body, &body)
	if len(body.Tools) != 1 || body.Tools[0]["type"] != "web_search" {
		t.Fatalf("tools sent: %+v", body.Tools)
	}
	if f, _ := body.Tools[0]["filters"].(map[string]any); f == nil || len(f["allowed_domains"].([]any)) != 1 {
		t.Errorf("filters sent: %+v", body.Tools[0])
	}
	if len(body.Include) != 2 || body.Include[1] != "web_search_call.action.sources" {
		t.Errorf("include sent: %v", body.Include)
	}
	var got []llm.WebResult
	for _, ev := range r.Events {
		got = append(got, ev.WebResults...)
	}
	if len(got) != 3 || got[0].Query != "go 1.26 release notes" || got[1].URL != "https://go.dev/blog/go1.26" {
		t.Fatalf("results %+v", got)
	}
	if got[2].Title != "Go 1.26 Release Notes" || got[2].Snippet != answer[:86] {
		t.Errorf("citation %+v", got[2])
	}
	if r.Text() != answer {
		t.Errorf("text %q", r.Text())
	}
}
