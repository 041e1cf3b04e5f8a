package gemini

import (
	"encoding/json"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestGoogleSearchGrounding(t *testing.T) {
	t.Parallel()
	req := llmtest.SimpleRequest("gemini-2.5-flash", "Search the web for: go 1.26 release notes")
	req.Tools = nil
	req.WebSearch = &llm.WebSearch{}
	r, srv := collect(t, req, fixture(t, "grounded"))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if err := llmtest.Validate(r.Events, true); err != nil {
		t.Fatal(err)
	}
	var body struct {
		Tools []map[string]any `json:"tools"`
	}
	_ = json.Unmarshal(srv.Requests()[0].Body, &body)
	if len(body.Tools) != 1 || body.Tools[0]["googleSearch"] == nil {
		t.Fatalf("tools sent: %+v", body.Tools)
	}
	var got []llm.WebResult
	for _, ev := range r.Events {
		got = append(got, ev.WebResults...)
	}
	if len(got) != 2 || got[0].Title != "go.dev" || got[0].Query != "go 1.26 release notes" {
		t.Fatalf("results %+v", got)
	}
	if got[0].Snippet != "Go 1.26 was released in February 2026 … and turns on the new garbage collector by default." {
		t.Errorf("snippet %q", got[0].Snippet)
	}
	if got[1].URL != "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbHoneRedirectTwo" {
		t.Errorf("second source %+v", got[1])
	}
}
