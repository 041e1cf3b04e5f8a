package gemini

import (
	"testing"

	"cloud.google.com/go/auth"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/llmtest"
)

func TestReplayRecordedVertexFlash(t *testing.T) {
	t.Parallel()
	runs := llmtest.LoadCassette(t, "vertex-gemini-2-flash/simple_test.yaml")
	want := []struct {
		text  string
		usage llm.Usage
	}{
		{"Hello\n", llm.Usage{Input: 122, Output: 2}},
		{"Hi", llm.Usage{Input: 11227, Output: 1}},
	}
	if len(runs) != len(want) {
		t.Fatalf("%d interactions, want %d", len(runs), len(want))
	}
	vertex := func(url string) llm.Provider {
		creds := auth.NewCredentials(&auth.CredentialsOptions{TokenProvider: staticToken("t")})
		return New(Options{Name: "vertex", BaseURL: url, Vertex: true, Project: "p", Credentials: creds})
	}
	gemini := func(url string) llm.Provider { return New(Options{Name: "gemini", BaseURL: url, APIKey: "k"}) }
	for name, mk := range map[string]func(string) llm.Provider{"vertex": vertex, "gemini": gemini} {
		for i, in := range runs {
			srv := llmtest.NewServer(t, in.Replay())
			r := llmtest.Collect(t.Context(), mk(srv.URL), llmtest.SimpleRequest("gemini-2.0-flash-exp", "Hello"))
			if r.Err != nil {
				t.Fatalf("%s interaction %d: %v", name, i, r.Err)
			}
			if err := llmtest.Validate(r.Events, true); err != nil {
				t.Errorf("%s interaction %d: %v", name, i, err)
			}
			u, _ := r.Usage()
			if r.Text() != want[i].text || u != want[i].usage || r.Finish() != llm.FinishStop {
				t.Errorf("%s interaction %d: text %q usage %+v finish %q, want %q %+v stop", name, i, r.Text(), u, r.Finish(), want[i].text, want[i].usage)
			}
		}
	}
}
