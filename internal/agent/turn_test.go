package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/tools"
)

func TestMultiStepToolTurn(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.Reasoning("find go files"), fake.Text("Let me look."), fake.ToolCall("glob", map[string]any{"pattern": "*.go"}),
			fake.Usage(llm.Usage{Input: 100, Output: 10})},
		fake.Turn{fake.ToolCall("view", map[string]any{"file_path": "main.go"}), fake.Usage(llm.Usage{Input: 150, Output: 5, CacheRead: 50})},
		fake.Turn{fake.Text("main.go prints hello."), fake.Usage(llm.Usage{Input: 200, Output: 8})},
	)
	h := newHarness(t, m, func(c *agent.Config) {
		c.Large[0].Spec.PriceIn, c.Large[0].Spec.PriceOut = 1, 10
	})
	evs := h.events()
	res := h.run("What does main.go do?")
	m.AssertConsumed(t)

	if res.Reason != agent.ExitDone || res.Err != nil {
		t.Fatalf("result %+v", res)
	}
	if res.Steps != 3 || res.Text != "main.go prints hello." {
		t.Errorf("steps %d text %q", res.Steps, res.Text)
	}
	if want := (llm.Usage{Input: 450, Output: 23, CacheRead: 50}); res.Usage != want {
		t.Errorf("usage %+v, want %+v", res.Usage, want)
	}
	wantCost := (450*1 + 23*10) / 1e6
	if diff := res.Cost - wantCost; diff > 1e-12 || diff < -1e-12 {
		t.Errorf("cost %v, want %v", res.Cost, wantCost)
	}

	checkMultiStepRequests(t, m.Requests())
	checkMultiStepRecord(t, h)

	got := evs()
	if n := len(ofType(got, agent.EventStepFinished)); n != 3 {
		t.Errorf("%d step events", n)
	}
	if n := len(ofType(got, agent.EventToolFinished)); n != 2 {
		t.Errorf("%d tool events", n)
	}
	if fin := ofType(got, agent.EventTurnFinished); len(fin) != 1 || fin[0].Result.Reason != agent.ExitDone {
		t.Errorf("turn finished events %+v", fin)
	}
}

func checkMultiStepRequests(t *testing.T, reqs []llm.Request) {
	t.Helper()
	if got := roles(reqs[2].Messages); !slices.Equal(got, []llm.Role{"user", "assistant", "tool", "assistant", "tool"}) {
		t.Fatalf("third request roles %v", got)
	}
	checkValid(t, reqs[2].Messages)
	if r := results(reqs[2].Messages[4]); r[0].Text != `{"file_path":"main.go"}` || r[0].ToolName != "view" {
		t.Errorf("view result %+v", r)
	}
	if len(reqs[0].Tools) != 3 || len(reqs[0].System) != 2 {
		t.Errorf("tools %d system blocks %d", len(reqs[0].Tools), len(reqs[0].System))
	}
}

func checkMultiStepRecord(t *testing.T, h *harness) {
	t.Helper()
	stored := h.stored()
	if len(stored) != 6 {
		t.Fatalf("%d stored messages, want 6", len(stored))
	}
	for _, s := range stored {
		if s.Status != message.StatusDone {
			t.Errorf("message %s status %s", s.ID, s.Status)
		}
	}
	if stored[1].Parts[0].Type != llm.PartReasoning || stored[1].Model != "m" || stored[1].Provider != "a" {
		t.Errorf("assistant message %+v", stored[1])
	}
	calls := h.tools.Calls()
	if len(calls) != 2 || calls[0].Ctx.SessionID != h.sid || calls[0].Ctx.MessageID != stored[1].ID || calls[0].Ctx.CallID != calls[0].ID {
		t.Errorf("tool calls %+v", calls)
	}
	turns := h.sess.Turns(h.sid)
	if len(turns) != 3 || turns[0].Provider != "a" || turns[0].MessageID != stored[1].ID || turns[1].CacheRead != 50 || turns[2].FinishReason != "stop" {
		t.Errorf("turn rows %+v", turns)
	}
	s, _ := h.sess.Get(t.Context(), h.sid)
	if s.InputTokens != 450 || s.OutputTokens != 23 || s.ContextTokens != 200 {
		t.Errorf("session counters %+v", s)
	}
}

func TestParallelReadOnlyCalls(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{
			fake.ToolCall("slow", map[string]any{"n": 1}),
			fake.ToolCall("slow", map[string]any{"n": 2}),
			fake.ToolCall("write", map[string]any{"n": 3}),
			fake.ToolCall("slow", map[string]any{"n": 4}),
		},
		fake.Turn{fake.Text("done")},
	)
	h := newHarness(t, m)
	// The two first reads wait for each other: they only finish when they
	// run at the same time. The write must not overlap anything.
	var running, maxWithWrite atomic.Int32
	barrier := make(chan struct{})
	arrived := atomic.Int32{}
	h.tools.Add("slow", true, func(ctx context.Context, call tools.Call) tools.Result {
		running.Add(1)
		defer running.Add(-1)
		if strings.Contains(string(call.Input), `"n":4`) {
			return tools.Result{Content: "four"}
		}
		if arrived.Add(1) == 2 {
			close(barrier)
		}
		select {
		case <-barrier:
			return tools.Result{Content: "read " + string(call.Input)}
		case <-time.After(5 * time.Second):
			return tools.Result{Content: "the reads did not run in parallel"}
		}
	})
	h.tools.Add("write", false, func(ctx context.Context, call tools.Call) tools.Result {
		maxWithWrite.Store(running.Load())
		return tools.Result{Content: "written"}
	})
	res := h.run("go")
	m.AssertConsumed(t)
	if res.Reason != agent.ExitDone {
		t.Fatalf("result %+v", res)
	}
	if maxWithWrite.Load() != 0 {
		t.Errorf("write ran while %d reads were running", maxWithWrite.Load())
	}
	req := m.Requests()[1]
	checkValid(t, req.Messages)
	r := results(req.Messages[2])
	want := []string{`read {"n":1}`, `read {"n":2}`, "written", "four"}
	for i := range want {
		if r[i].Text != want[i] {
			t.Errorf("result %d = %q, want %q", i, r[i].Text, want[i])
		}
	}
}

func TestMalformedToolInputAnsweredWithoutRunning(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.RawToolCall("edit", `{"file_path": "a.go", `)},
		fake.Turn{fake.Text("sorry")},
	)
	h := newHarness(t, m)
	h.run("edit it")
	m.AssertConsumed(t)
	if n := len(h.tools.Calls()); n != 0 {
		t.Fatalf("tool ran %d times", n)
	}
	req := m.Requests()[1]
	checkValid(t, req.Messages)
	r := results(req.Messages[2])[0]
	if !r.IsError || !strings.Contains(r.Text, "not valid JSON") {
		t.Errorf("result %+v", r)
	}
	if call := req.Messages[1].ToolCalls()[0]; call.InputError == "" {
		t.Errorf("call kept without its input error: %+v", call)
	}
}

func TestUnknownToolGetsErrorResult(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.ToolCall("sourcegraph", map[string]any{"query": "x"})}, fake.Turn{fake.Text("ok")})
	h := newHarness(t, m)
	h.run("search")
	m.AssertConsumed(t)
	r := results(m.Requests()[1].Messages[2])[0]
	if !r.IsError || r.ToolCallID != "fake_1_1" {
		t.Errorf("result %+v", r)
	}
}

func TestImagesStrippedForTextOnlyModel(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("I cannot see it")})
	h := newHarness(t, m, func(c *agent.Config) { c.Large[0].Spec.Images = false })
	evs := h.events()
	img := llm.Part{Type: llm.PartImage, MediaType: "image/png", Data: []byte{1, 2, 3}}
	if _, err := h.co.Run(t.Context(), h.sid, "what is this?", []llm.Part{img}); err != nil {
		t.Fatal(err)
	}
	parts := m.Requests()[0].Messages[0].Parts
	if len(parts) != 2 || parts[1].Type != llm.PartText || !strings.Contains(parts[1].Text, "image omitted") {
		t.Fatalf("request parts %+v", parts)
	}
	if stored := h.stored()[0].Parts; stored[1].Type != llm.PartImage {
		t.Errorf("stored message lost its image: %+v", stored)
	}
	infos := ofType(evs(), agent.EventInfo)
	if len(infos) != 1 || !strings.Contains(infos[0].Text, "images") {
		t.Errorf("info events %+v", infos)
	}
}

func TestDenialEndingTheTask(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.ToolCall("edit", nil)}, fake.Turn{fake.Text("I was not allowed to edit.")})
	h := newHarness(t, m)
	h.tools.Add("edit", false, func(context.Context, tools.Call) tools.Result {
		r := tools.ErrorResult("permission denied for edit")
		r.Denied = true
		return r
	})
	res := h.run("edit")
	if res.Reason != agent.ExitPermissionDenied || res.Denials != 1 {
		t.Errorf("result %+v", res)
	}
}

func TestSystemPromptHasEnvironmentAndMemory(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text("hi")})
	h := newHarness(t, m, func(c *agent.Config) {
		c.ContextPaths = []string{"docs/rules.md", "AGENTS.md"}
	})
	os.WriteFile(filepath.Join(h.cfg.WorkDir, "AGENTS.md"), []byte("Always run the tests."), 0o644)
	os.MkdirAll(filepath.Join(h.cfg.WorkDir, "docs"), 0o755)
	os.WriteFile(filepath.Join(h.cfg.WorkDir, "docs", "rules.md"), []byte("Use tabs."), 0o644)
	h.run("hi")
	sys := strings.Join(m.Requests()[0].System, "\n")
	for _, want := range []string{h.cfg.WorkDir, "Always run the tests.", "Use tabs.", "docs/rules.md", "glob, view, edit", "2025"} {
		if !strings.Contains(sys, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	if strings.Count(sys, "Always run the tests.") != 1 {
		t.Errorf("AGENTS.md included twice")
	}
}

// TestGitAheadServesTheFirstTurn: a summary begun before the Coordinator
// (StartGitSummary, as hone run does) serves the first turn's system
// prompt without running git again, and the next turn runs its own.
func TestGitAheadServesTheFirstTurn(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	ran := make(chan struct{}, 4)
	git := func(context.Context, string, ...string) ([]byte, error) {
		n := calls.Add(1)
		ran <- struct{}{}
		return []byte("## branch-" + string(rune('0'+n)) + "\n"), nil
	}
	m := fake.New(fake.Turn{fake.Text("one")}, fake.Turn{fake.Text("two")})
	h := newHarness(t, m, func(c *agent.Config) {
		c.DisableGit = false
		markRepository(t, c.WorkDir)
		c.Git = git
		c.GitAhead = agent.StartGitSummary(t.Context(), c.WorkDir, git)
		<-ran
	})
	h.run("first")
	h.run("second")
	if n := calls.Load(); n != 2 {
		t.Fatalf("git ran %d times for two turns, want 2", n)
	}
	reqs := m.Requests()
	for i, want := range []string{"branch-1", "branch-2"} {
		if sys := strings.Join(reqs[i].System, "\n"); !strings.Contains(sys, "Git branch: "+want) {
			t.Errorf("turn %d system prompt lacks %q:\n%s", i+1, want, sys)
		}
	}
}

// markRepository makes dir look like a work tree to git's discovery (a
// .git directory), so that the git summary runs the test's fake git.
func markRepository(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
}
