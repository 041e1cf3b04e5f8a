package agent_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/tools"
)

func TestLoopGuard(t *testing.T) {
	t.Parallel()
	same := fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*.go"})}
	m := fake.New(same, fake.Turn{fake.ToolCall("glob", map[string]any{"pattern": "*.md"})}, same, same)
	h := newHarness(t, m)
	res := h.run("loop")
	m.AssertConsumed(t)
	if res.Reason != agent.ExitLoop || res.Steps != 4 {
		t.Fatalf("result %+v", res)
	}
	checkValid(t, h.conversation())
}

func TestLoopGuardIgnoresChangingResults(t *testing.T) {
	t.Parallel()
	same := fake.Turn{fake.ToolCall("count", nil)}
	m := fake.New(same, same, same, same, fake.Turn{fake.Text("ok")})
	h := newHarness(t, m)
	n := 0
	h.tools.Add("count", false, func(_ context.Context, _ tools.Call) tools.Result {
		n++
		return tools.Result{Content: strconv.Itoa(n)}
	})
	if res := h.run("count"); res.Reason != agent.ExitDone {
		t.Fatalf("result %+v", res)
	}
}

func TestMaxSteps(t *testing.T) {
	t.Parallel()
	m := fake.New(
		fake.Turn{fake.ToolCall("glob", map[string]any{"n": 1})},
		fake.Turn{fake.ToolCall("glob", map[string]any{"n": 2})},
	)
	h := newHarness(t, m)
	res := h.run("work", agent.RunOptions{MaxSteps: 2})
	m.AssertConsumed(t)
	if res.Reason != agent.ExitMaxSteps || res.Steps != 2 {
		t.Fatalf("result %+v", res)
	}
	checkValid(t, h.conversation())
}

func TestMaxStepsFromConfig(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.ToolCall("glob", nil)})
	h := newHarness(t, m, func(c *agent.Config) { c.MaxSteps = 1 })
	if res := h.run("work"); res.Reason != agent.ExitMaxSteps {
		t.Fatalf("result %+v", res)
	}
}

func TestMaxCostStopsBeforeExpensiveStep(t *testing.T) {
	t.Parallel()
	priced := func(c *agent.Config) { c.Large[0].Spec.PriceIn = 10 } // $10 per 1M input tokens
	m := fake.New(
		fake.Turn{fake.ToolCall("glob", nil), fake.Usage(llm.Usage{Input: 1000})}, // $0.01
	)
	h := newHarness(t, m, priced)
	res := h.run("work", agent.RunOptions{MaxCost: 0.015})
	m.AssertConsumed(t)
	if res.Reason != agent.ExitMaxCost || res.Steps != 1 || res.Cost > 0.015 {
		t.Fatalf("result %+v", res)
	}

	m2 := fake.New(fake.Turn{fake.ToolCall("glob", nil), fake.Usage(llm.Usage{Input: 1000})}, fake.Turn{fake.Text("done")})
	h2 := newHarness(t, m2, priced)
	if res := h2.run("work", agent.RunOptions{MaxCost: 1}); res.Reason != agent.ExitDone {
		t.Fatalf("generous limit: %+v", res)
	}
	m2.AssertConsumed(t)

	h3 := newHarness(t, fake.New(), priced)
	if res := h3.run("work", agent.RunOptions{MaxCost: 1e-9}); res.Reason != agent.ExitMaxCost || res.Steps != 0 {
		t.Fatalf("tiny limit: %+v", res)
	}
}
