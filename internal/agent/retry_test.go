package agent_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

func noSleep(context.Context, time.Duration) error { return nil }

// TestRetryProgressIsPublished: while the client retries, the front ends
// hear why and when, one event per retry.
func TestRetryProgressIsPublished(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.Error(llm.KindRateLimit).WithMessage("slow down").RetryAfter(4 * time.Second)},
		fake.Turn{fake.Error(llm.KindOverloaded)},
		fake.Turn{fake.Text("finally")},
	)
	client := llm.WithRetry(m, llm.RetryPolicy{Sleep: noSleep, Rand: func() float64 { return 0 }})
	h := newHarness(t, m, func(c *agent.Config) { c.Large = []agent.Candidate{candidate("work", client)} })
	evs := h.events()
	if res := h.run("hi"); res.Reason != agent.ExitDone || res.Text != "finally" {
		t.Fatalf("result %+v", res)
	}
	got := ofType(evs(), agent.EventRetrying)
	if len(got) != 2 {
		t.Fatalf("%d retry events", len(got))
	}
	if want := "429 rate limited for provider fake: slow down, retrying in 4 s (attempt 2/4)"; got[0].Text != want || got[0].Retry.Attempt != 2 {
		t.Errorf("first retry %q, want %q", got[0].Text, want)
	}
	if !strings.HasSuffix(got[1].Text, "scripted overloaded, retrying now (attempt 3/4)") {
		t.Errorf("second retry %q", got[1].Text)
	}
}

// TestRetryNowRerunsTheFailedTurn: Retry answers the stored history
// without a new prompt, ignoring the cooldown the failure left.
func TestRetryNowRerunsTheFailedTurn(t *testing.T) {
	t.Parallel()
	a := fake.New(fake.Turn{fake.Error(llm.KindServer)}, fake.Turn{fake.Text("a answers")})
	b := fake.New(fake.Turn{fake.Error(llm.KindServer)})
	h := newHarness(t, a, twoCandidates(a, b))
	if res := h.run("the prompt"); res.Reason != agent.ExitProviderError {
		t.Fatalf("first %+v", res)
	}
	res, err := h.co.Retry(t.Context(), h.sid)
	if err != nil || res.Reason != agent.ExitDone || res.Text != "a answers" {
		t.Fatalf("retry %+v, %v", res, err)
	}
	req := a.Requests()[1]
	if got := roles(req.Messages); len(got) != 1 || req.Messages[0].Text() != "the prompt" {
		t.Errorf("retried request %v: want the stored prompt alone", got)
	}
	a.AssertConsumed(t)
	b.AssertConsumed(t)
}

func TestRetryNeedsAPrompt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fake.New())
	if _, err := h.co.Retry(t.Context(), h.sid); !errors.Is(err, agent.ErrNothingToRetry) {
		t.Errorf("err %v", err)
	}
}
