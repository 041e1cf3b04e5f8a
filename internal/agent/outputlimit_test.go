package agent_test

import (
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
)

// TestOutputLimitEndsTheTurn: an answer longer than MaxOutput is cut at
// the limit, stored with finish reason output_too_large, its tool calls
// are answered without running, and the turn ends saying why.
func TestOutputLimitEndsTheTurn(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{
		fake.ToolCall("glob", map[string]any{"pattern": "*"}),
		fake.Text(strings.Repeat("blah ", 1000)).Chunked(100),
		fake.ToolCall("edit", map[string]any{"file_path": "x"}),
	})
	h := newHarness(t, m, func(c *agent.Config) { c.MaxOutput = 1 << 10 })
	res := h.run("write a lot")
	if res.Reason != agent.ExitOutputTooLarge || res.Err == nil || !strings.Contains(res.Err.Error(), "output limit of 1 KiB") {
		t.Fatalf("result %+v", res)
	}
	if n := len(h.tools.Calls()); n != 0 {
		t.Errorf("%d tool calls ran", n)
	}
	st := h.stored()
	a := st[1]
	if a.FinishReason != llm.FinishOutputTooLarge || len(a.LLM().Text()) > 1<<10 || len(a.LLM().Text()) < 900 {
		t.Errorf("assistant message: finish %q, %d bytes of text", a.FinishReason, len(a.LLM().Text()))
	}
	if len(st) != 3 || st[2].Role != llm.RoleTool || !strings.Contains(st[2].Parts[0].Text, "output limit") {
		t.Fatalf("tool answer %+v", st[len(st)-1])
	}
	checkValid(t, h.conversation())
	m.AssertConsumed(t)
}

// TestOutputLimitDefault: without configuration the limit is
// llm.DefaultMaxOutput, far above a normal answer.
func TestOutputLimitDefault(t *testing.T) {
	t.Parallel()
	m := fake.New(fake.Turn{fake.Text(strings.Repeat("x", 64<<10))})
	h := newHarness(t, m)
	if res := h.run("hi"); res.Reason != agent.ExitDone || len(res.Text) != 64<<10 {
		t.Fatalf("result reason %q, %d bytes", res.Reason, len(res.Text))
	}
}
