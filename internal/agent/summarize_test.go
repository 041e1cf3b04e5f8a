package agent_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

// smallWindow gives the large candidate a 10k window: the threshold is 2k.
func smallWindow(c *agent.Config) { c.Large[0].Spec.ContextWindow = 10_000 }

func TestSummarizeAtThresholdAndContinue(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*.go"}), fake.Usage(llm.Usage{Input: 8000, Output: 100})},
		fake.Turn{fake.Text("finished after the summary"), fake.Usage(llm.Usage{Input: 900, Output: 20})},
		fake.Turn{fake.Text("next answer")},
	)
	m.AddSide(fake.Turn{fake.Text("TASK: list go files. STATE: glob ran."), fake.Usage(llm.Usage{Input: 3000, Output: 50})})
	h := newHarness(t, m, smallWindow)
	evs := h.events()
	res := h.run("list the go files")
	if res.Reason != agent.ExitDone || res.Text != "finished after the summary" {
		t.Fatalf("result %+v", res)
	}
	side := m.SideRequests()
	if len(side) != 1 || len(side[0].Tools) != 0 {
		t.Fatalf("side requests %+v", side)
	}
	input := side[0].Messages[0].Text()
	for _, want := range []string{"list the go files", "[tool call glob]", "[tool result glob]"} {
		if !strings.Contains(input, want) {
			t.Errorf("summary input lacks %q", want)
		}
	}
	step2 := m.Requests()[1].Messages
	if len(step2) != 1 || step2[0].Role != llm.RoleUser {
		t.Fatalf("request after summary: %v", roles(step2))
	}
	if txt := step2[0].Text(); !strings.Contains(txt, "TASK: list go files") || !strings.Contains(txt, "Continue the work") {
		t.Errorf("summary message %q", txt)
	}
	s, _ := h.sess.Get(t.Context(), h.sid)
	st := h.stored()
	sum := st[len(st)-2]
	if !sum.IsSummary || s.SummaryMessageID != sum.ID {
		t.Errorf("summary row %+v, session points at %q", sum, s.SummaryMessageID)
	}
	if res.Usage.Input != 8000+3000+900 {
		t.Errorf("usage %+v does not include the summary", res.Usage)
	}
	if got := ofType(evs(), agent.EventSummarized); len(got) != 1 {
		t.Errorf("%d summarized events", len(got))
	}
	if n := len(h.sess.Turns(h.sid)); n != 3 {
		t.Errorf("%d turn rows, want 3 (step, summary, step)", n)
	}

	// History now starts at the summary.
	h.run("and now?")
	m.AssertConsumed(t)
	if got := roles(m.Requests()[2].Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "user"}) {
		t.Errorf("roles after summary %v", got)
	}
}

func TestContextOverflowSummarizesAndRetriesOnce(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.Text("hello")},
		fake.Turn{fake.Error(llm.KindContextOverflow)},
		fake.Turn{fake.Text("fits now")},
	)
	m.AddSide(fake.Turn{fake.Text("summary")})
	h := newHarness(t, m)
	h.run("first")
	res := h.run("second")
	m.AssertConsumed(t)
	if res.Reason != agent.ExitDone || res.Text != "fits now" {
		t.Fatalf("result %+v", res)
	}
	if n := len(m.Requests()[2].Messages); n != 1 {
		t.Errorf("retry sent %d messages, want the summary only", n)
	}
}

func TestContextOverflowNeverLoops(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.Text("hello")},
		fake.Turn{fake.Error(llm.KindContextOverflow)},
		fake.Turn{fake.Error(llm.KindContextOverflow)},
	)
	m.AddSide(fake.Turn{fake.Text("summary")})
	h := newHarness(t, m)
	h.run("first")
	res := h.run("second")
	m.AssertConsumed(t)
	if res.Reason != agent.ExitProviderError || llm.KindOf(res.Err) != llm.KindContextOverflow {
		t.Fatalf("result %+v", res)
	}
	if n := len(m.SideRequests()); n != 1 {
		t.Errorf("%d summaries, want 1", n)
	}
}

func TestManualSummarize(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("one")}, fake.Turn{fake.Text("two")})
	m.AddSide(fake.Turn{fake.Text("the gist")})
	h := newHarness(t, m)
	h.run("start")
	if err := h.co.Summarize(t.Context(), h.sid); err != nil {
		t.Fatal(err)
	}
	h.run("go on")
	m.AssertConsumed(t)
	msgs := m.Requests()[1].Messages
	if len(msgs) != 2 {
		t.Fatalf("roles %v: want the summary, then the prompt, each its own message", roles(msgs))
	}
	if txt := msgs[0].Text(); !strings.Contains(txt, "the gist") || strings.Contains(txt, "Continue the work") || strings.Contains(txt, "go on") {
		t.Errorf("summary message %q", txt)
	}
	if txt := msgs[1].Text(); txt != "go on" {
		t.Errorf("prompt message %q", txt)
	}
}

func TestFailedSummaryDoesNotStopTheTurn(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("glob", nil), fake.Usage(llm.Usage{Input: 9000})},
		fake.Turn{fake.ToolCall("glob", map[string]any{"n": 2}), fake.Usage(llm.Usage{Input: 9100})},
		fake.Turn{fake.Text("done anyway")},
	)
	small := fake.New().AddSide(fake.Turn{fake.Error(llm.KindServer)})
	h := newHarness(t, m, smallWindow, func(c *agent.Config) { c.Small = []agent.Candidate{candidate("s", small)} })
	evs := h.events()
	res := h.run("go")
	m.AssertConsumed(t)
	if res.Reason != agent.ExitDone {
		t.Fatalf("result %+v", res)
	}
	if n := len(small.SideRequests()); n != 1 {
		t.Errorf("%d summary attempts, want 1", n)
	}
	if infos := ofType(evs(), agent.EventInfo); len(infos) == 0 || !strings.Contains(infos[0].Text, "could not summarize") {
		t.Errorf("info events %+v", infos)
	}
}

func TestSummarizeFocusAsksToKeepIt(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("one")})
	m.AddSide(fake.Turn{fake.Text("the gist")})
	h := newHarness(t, m)
	h.run("start")
	if err := h.co.SummarizeFocus(t.Context(), h.sid, "the parser rewrite"); err != nil {
		t.Fatal(err)
	}
	side := m.SideRequests()
	if len(side) == 0 {
		t.Fatal("no summary request")
	}
	last := side[len(side)-1]
	if txt := last.Messages[len(last.Messages)-1].Text(); !strings.Contains(txt, "Keep in full detail what concerns: the parser rewrite") {
		t.Errorf("summary request does not carry the focus:\n%s", txt)
	}
}
