package agent_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

// twoCandidates makes a/m (model a) and b/m (model b) the large role.
func twoCandidates(a, b *fake.Model) func(*agent.Config) {
	return func(c *agent.Config) {
		c.Large = []agent.Candidate{candidate("a", a), candidate("b", b)}
	}
}

func TestFailoverWithCooldown(t *testing.T) {
	t.Parallel()
	a := fake.New(fake.Turn{fake.Text("half an ans"), fake.Error(llm.KindRateLimit)})
	b := fake.New(fake.Turn{fake.Text("from b")}, fake.Turn{fake.Text("b again")})
	h := newHarness(t, a, twoCandidates(a, b))
	evs := h.events()
	res := h.run("hello")
	if res.Reason != agent.ExitDone || res.Text != "from b" {
		t.Fatalf("result %+v", res)
	}
	st := h.stored()
	if len(st) != 2 || st[1].Provider != "b" || st[1].LLM().Text() != "from b" {
		t.Fatalf("assistant row %+v", st[len(st)-1])
	}
	turns := h.sess.Turns(h.sid)
	if len(turns) != 1 || turns[0].Provider != "b" || len(turns[0].Failovers) != 1 || turns[0].Failovers[0] != "a/m: rate_limit" {
		t.Errorf("turn rows %+v", turns)
	}
	fo := ofType(evs(), agent.EventFailover)
	if len(fo) != 1 || !strings.Contains(fo[0].Text, "switched to b/m") || !strings.Contains(fo[0].Text, "rate_limit on a/m") {
		t.Errorf("failover events %+v", fo)
	}

	// a rests: the next turn goes straight to b.
	h.clock.Advance(59 * time.Second)
	if res := h.run("again"); res.Text != "b again" {
		t.Fatalf("second run %+v", res)
	}
	b.AssertConsumed(t)

	// After its 60s cooldown, a is first again.
	h.clock.Advance(2 * time.Second)
	a.Add(fake.Turn{fake.Text("a is back")})
	if res := h.run("third"); res.Text != "a is back" {
		t.Fatalf("third run %+v", res)
	}
	a.AssertConsumed(t)
}

func TestLongRetryAfterExtendsCooldown(t *testing.T) {
	t.Parallel()
	a := fake.New(fake.Turn{fake.Error(llm.KindRateLimit).RetryAfter(5 * time.Minute)})
	b := fake.New(fake.Turn{fake.Text("b1")}, fake.Turn{fake.Text("b2")})
	h := newHarness(t, a, twoCandidates(a, b))
	h.run("one")
	h.clock.Advance(2 * time.Minute)
	if res := h.run("two"); res.Text != "b2" {
		t.Errorf("second run went to %+v", res)
	}
	a.AssertConsumed(t)
	b.AssertConsumed(t)
}

func TestEveryCandidateCooling(t *testing.T) {
	t.Parallel()
	a := fake.New(fake.Turn{fake.Error(llm.KindOverloaded)}, fake.Turn{fake.Text("a is back")})
	b := fake.New(fake.Turn{fake.Error(llm.KindAuth)})
	h := newHarness(t, a, twoCandidates(a, b))
	res := h.run("hello")
	var ue *agent.UnavailableError
	if res.Reason != agent.ExitProviderError || !errors.As(res.Err, &ue) || len(ue.Candidates) != 2 {
		t.Fatalf("result %+v", res)
	}
	msg := res.Err.Error()
	for _, want := range []string{"a/m: 529 overloaded for provider fake: scripted overloaded", "b/m: 401 invalid API key for provider fake"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	// Both rest: the one whose rest ends first (a, 30 s) is asked anyway,
	// and b, resting longer, is not.
	res = h.run("again")
	if res.Reason != agent.ExitDone || res.Text != "a is back" || len(b.Requests()) != 1 {
		t.Errorf("second run %+v, b asked %d times", res, len(b.Requests()))
	}
	a.AssertConsumed(t)
	checkValid(t, h.conversation())
}

// TestSingleCandidateNeverLockedOut: after a failure outlasted the
// retries, the next prompt asks the only model again at once instead of
// failing for the whole cooldown.
func TestSingleCandidateNeverLockedOut(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Error(llm.KindRateLimit)}, fake.Turn{fake.Text("answered")})
	h := newHarness(t, m)
	if res := h.run("one"); res.Reason != agent.ExitProviderError || res.Err.Error() != "429 rate limited for provider fake: scripted rate_limit" {
		t.Fatalf("first run %+v", res)
	}
	if res := h.run("two"); res.Reason != agent.ExitDone || res.Text != "answered" {
		t.Fatalf("second run %+v", res)
	}
	m.AssertConsumed(t)
}

// TestCooldownStillSkipsWhenAnotherIsFree: with a free candidate left, a
// resting one is skipped as before.
func TestCooldownStillSkipsWhenAnotherIsFree(t *testing.T) {
	t.Parallel()
	a := fake.New(fake.Turn{fake.Error(llm.KindServer)})
	b := fake.New(fake.Turn{fake.Text("b1")}, fake.Turn{fake.Text("b2")})
	h := newHarness(t, a, twoCandidates(a, b))
	h.run("one")
	if res := h.run("two"); res.Text != "b2" {
		t.Errorf("second run %+v", res)
	}
	a.AssertConsumed(t)
	b.AssertConsumed(t)
}

func TestAuthFailureEndsWithAuthReason(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Error(llm.KindBilling)})
	h := newHarness(t, m)
	if res := h.run("hi"); res.Reason != agent.ExitAuth {
		t.Errorf("result %+v", res)
	}
}

func TestBadRequestSkipsWithoutCooldown(t *testing.T) {
	t.Parallel()
	a := fake.New(fake.Turn{fake.Error(llm.KindBadRequest)}, fake.Turn{fake.Text("a works")})
	b := fake.New(fake.Turn{fake.Text("b")})
	h := newHarness(t, a, twoCandidates(a, b))
	if res := h.run("one"); res.Text != "b" {
		t.Fatalf("first %+v", res)
	}
	if res := h.run("two"); res.Text != "a works" {
		t.Fatalf("second %+v", res)
	}
	a.AssertConsumed(t)
}

func TestStreamResetDiscardsPartialStep(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("duplicated "), fake.ToolCall("glob", nil), fake.Reset(), fake.Text("clean")})
	h := newHarness(t, m)
	res := h.run("hi")
	if res.Text != "clean" || len(h.tools.Calls()) != 0 {
		t.Errorf("result %+v, calls %d", res, len(h.tools.Calls()))
	}
}
