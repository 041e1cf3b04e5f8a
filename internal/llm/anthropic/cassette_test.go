package anthropic

import (
	"encoding/json"
	"testing"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestReplayRecordedSonnet(t *testing.T) {
	t.Parallel()
	runs := llmtest.LoadCassette(t, "anthropic-sonnet/simple_test.yaml")
	want := []struct {
		text  string
		usage llm.Usage
	}{
		{"Hello", llm.Usage{Input: 156, Output: 4}},
		{"Hello! How can I help?", llm.Usage{Input: 3, Output: 10, CacheWrite: 8267}},
	}
	if len(runs) != len(want) {
		t.Fatalf("%d interactions, want %d", len(runs), len(want))
	}
	for i, in := range runs {
		var recorded struct {
			Model string `json:"model"`
		}
		if err := json.Unmarshal([]byte(in.Request.Body), &recorded); err != nil {
			t.Fatal(err)
		}
		r, srv := collect(t, llmtest.SimpleRequest(recorded.Model, "Hello"), in.Replay())
		if r.Err != nil {
			t.Fatalf("interaction %d: %v", i, r.Err)
		}
		if err := llmtest.Validate(r.Events, true); err != nil {
			t.Errorf("interaction %d: %v", i, err)
		}
		u, _ := r.Usage()
		if r.Text() != want[i].text || u != want[i].usage || r.Finish() != llm.FinishStop {
			t.Errorf("interaction %d: text %q usage %+v finish %q, want %q %+v stop", i, r.Text(), u, r.Finish(), want[i].text, want[i].usage)
		}
		if got := srv.Requests()[0].Path; got != "/v1/messages" {
			t.Errorf("path %q", got)
		}
	}
}
