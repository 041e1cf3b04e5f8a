package run_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/run"
)

// newRetryEnv is newEnv with the model behind llm.WithRetry (no real
// waits), as the app wraps real providers.
func newRetryEnv(t *testing.T, m *fake.Model) *env {
	t.Helper()
	e := &env{sess: agenttest.NewSessions(), msgs: agenttest.NewMessages(), model: m, dir: t.TempDir()}
	e.tools = agenttest.NewTools().Add("glob", true, agenttest.Echo) // tools make it a main request
	client := llm.WithRetry(m, llm.RetryPolicy{
		Rand:  func() float64 { return 0 },
		Sleep: func(context.Context, time.Duration) error { return nil },
	})
	e.co = agent.NewCoordinator(agent.Config{
		Large:         []agent.Candidate{{Provider: "work", Model: "m", Client: client}},
		WorkDir:       e.dir,
		DisableTitles: true,
		DisableGit:    true,
	}, agent.Deps{Messages: e.msgs, Sessions: e.sess, Tools: e.tools})
	t.Cleanup(func() { e.co.Close() })
	return e
}

func rateLimited() *fake.Model {
	return fake.New(
		fake.Turn{fake.Error(llm.KindRateLimit).WithMessage("slow down").RetryAfter(4 * time.Second)},
		fake.Turn{fake.Text("done")},
	)
}

const retryLine = "429 rate limited for provider fake: slow down, retrying in 4 s (attempt 2/4)"

func TestRetryShownInText(t *testing.T) {
	t.Parallel()
	e := newRetryEnv(t, rateLimited())
	if code, err := e.exec(t.Context(), run.Options{Prompt: "hi"}); code != run.ExitOK {
		t.Fatalf("code %d err %v", code, err)
	}
	if got := e.err.String(); !strings.Contains(got, "! "+retryLine+"\n") {
		t.Errorf("stderr %q lacks the retry", got)
	}
	if e.out.String() != "done\n" {
		t.Errorf("stdout %q", e.out.String())
	}
}

func TestRetryShownInJSON(t *testing.T) {
	t.Parallel()
	e := newRetryEnv(t, rateLimited())
	if code, _ := e.exec(t.Context(), run.Options{Prompt: "hi", Format: run.FormatJSON}); code != run.ExitOK {
		t.Fatalf("code %d", code)
	}
	if !strings.Contains(e.err.String(), retryLine) {
		t.Errorf("stderr %q lacks the retry", e.err.String())
	}
}

func TestRetryInStreamJSON(t *testing.T) {
	t.Parallel()
	e := newRetryEnv(t, rateLimited())
	if code, _ := e.exec(t.Context(), run.Options{Prompt: "hi", Format: run.FormatStreamJSON}); code != run.ExitOK {
		t.Fatalf("code %d", code)
	}
	for _, line := range strings.Split(strings.TrimSpace(e.out.String()), "\n") {
		var l struct {
			Type        string `json:"type"`
			Text        string `json:"text"`
			Attempt     int    `json:"attempt"`
			MaxAttempts int    `json:"max_attempts"`
			WaitMS      int64  `json:"wait_ms"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		if l.Type == "retrying" {
			if l.Text != retryLine || l.Attempt != 2 || l.MaxAttempts != 4 || l.WaitMS != 4000 {
				t.Errorf("retry line %+v", l)
			}
			return
		}
	}
	t.Errorf("no retrying line in %s", e.out.String())
}

// TestFailureSaysWhyOnce: the final error is the root cause, in the error
// return (printed once by the caller) and in the json result.
func TestFailureSaysWhyOnce(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Error(llm.KindAuth).WithMessage("invalid x-api-key")})
	e := newRetryEnv(t, m)
	code, err := e.exec(t.Context(), run.Options{Prompt: "hi", Format: run.FormatJSON})
	want := "401 invalid API key for provider fake: invalid x-api-key"
	if code != run.ExitAuth || err == nil || err.Error() != want {
		t.Fatalf("code %d err %v, want %q", code, err, want)
	}
	var res struct{ Error string }
	if json.Unmarshal(e.out.Bytes(), &res) != nil || res.Error != want {
		t.Errorf("json %s", e.out.String())
	}
	if strings.Contains(e.err.String(), "invalid x-api-key") {
		t.Errorf("the error was printed to stderr by the printer too: %q", e.err.String())
	}
}
