package agent_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/extend"
	"github.com/honecode/hone/internal/hooks"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/tools"
)

// fakeHooks answers every event with the outcome its function returns
// and records the inputs.
type fakeHooks struct {
	mu     sync.Mutex
	answer func(hooks.Input) hooks.Outcome
	inputs []hooks.Input
}

func (f *fakeHooks) Has(hooks.Event) bool { return true }

func (f *fakeHooks) Run(_ context.Context, in hooks.Input) hooks.Outcome {
	f.mu.Lock()
	f.inputs = append(f.inputs, in)
	f.mu.Unlock()
	if f.answer == nil {
		return hooks.Outcome{}
	}
	return f.answer(in)
}

func (f *fakeHooks) events() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, in := range f.inputs {
		out = append(out, string(in.Event))
	}
	return out
}

// hooked is a Coordinator with hooks h over tools, model and set.
func hooked(t *testing.T, model *fake.Model, h *fakeHooks, set *extend.Set, ts *agenttest.Tools, subs map[string]agent.SubAgent) (*agent.Coordinator, *agenttest.Messages, string) {
	t.Helper()
	msgs, sess := agenttest.NewMessages(), agenttest.NewSessions()
	cfg := agent.Config{Large: []agent.Candidate{candidate("a", model)}, Small: []agent.Candidate{candidate("b", model)},
		WorkDir: t.TempDir(), UpdateInterval: -1, DisableTitles: true, DisableGit: true, Extensions: set,
		Now: func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }}
	co := agent.NewCoordinator(cfg, agent.Deps{Messages: msgs, Sessions: sess, Tools: ts, Children: sess,
		SubAgentTools: agenttest.NewTools(), Hooks: h, SubAgents: subs})
	s, err := sess.Create(t.Context(), cfg.WorkDir)
	if err != nil {
		t.Fatal(err)
	}
	return co, msgs, s.ID
}

func TestStopHooksKeepTheTurnGoingAtMostEightTimes(t *testing.T) {
	t.Parallel()
	var turns []fake.Turn
	for range 10 {
		turns = append(turns, fake.Turn{fake.Text("done")})
	}
	model := fake.New(turns...)
	h := &fakeHooks{answer: func(in hooks.Input) hooks.Outcome {
		if in.Event == hooks.Stop {
			return hooks.Outcome{Block: true, Reason: "keep going"}
		}
		return hooks.Outcome{}
	}}
	co, _, sid := hooked(t, model, h, nil, agenttest.NewTools().Add("glob", true, agenttest.Echo), nil)
	defer co.Close()
	res, err := co.Run(t.Context(), sid, "go", nil)
	if err != nil || res.Reason != agent.ExitDone {
		t.Fatalf("run = %+v, %v", res, err)
	}
	if n := len(model.Requests()); n != 9 {
		t.Errorf("%d requests, want 1 + 8 continuations", n)
	}
	var active []bool
	for _, in := range h.inputs {
		if in.Event == hooks.Stop {
			active = append(active, in.StopHookActive)
		}
	}
	if len(active) != 8 || active[0] || !active[1] {
		t.Errorf("stop_hook_active = %v", active)
	}
}

func TestHookHaltAndToolFailureEvents(t *testing.T) {
	t.Parallel()
	model := fake.New(fake.Turn{fake.ToolCall("fail", map[string]any{})}, fake.Turn{fake.ToolCall("glob", map[string]any{})})
	ts := agenttest.NewTools().Add("glob", true, agenttest.Echo).Add("fail", true, func(context.Context, tools.Call) tools.Result {
		return tools.ErrorResult("disk full")
	})
	h := &fakeHooks{answer: func(in hooks.Input) hooks.Outcome {
		if in.Event == hooks.PostToolUse && in.ToolName == "glob" {
			return hooks.Outcome{Halt: true, HaltReason: "enough"}
		}
		return hooks.Outcome{}
	}}
	co, _, sid := hooked(t, model, h, nil, ts, nil)
	res, err := co.Run(t.Context(), sid, "go", nil)
	if err != nil || res.Reason != agent.ExitHookStopped {
		t.Fatalf("run = %+v, %v", res, err)
	}
	co.Close()
	got := strings.Join(h.events(), ",")
	want := "SessionStart,UserPromptSubmit,PreToolUse,PostToolUseFailure,PreToolUse,PostToolUse,SessionEnd"
	if got != want {
		t.Errorf("events = %s\nwant     %s", got, want)
	}
	for _, in := range h.inputs {
		if in.Event == hooks.PostToolUseFailure && in.Error != "disk full" {
			t.Errorf("failure input = %+v", in)
		}
		if in.Event == hooks.SessionStart && in.Source != "startup" {
			t.Errorf("source = %q", in.Source)
		}
	}
}

func TestPromptHookContextAndCommandExpansion(t *testing.T) {
	t.Parallel()
	model := fake.New(fake.Turn{fake.Text("ok")})
	h := &fakeHooks{answer: func(in hooks.Input) hooks.Outcome {
		if in.Event == hooks.UserPromptSubmit {
			return hooks.Outcome{Context: []string{"branch: main"}}
		}
		return hooks.Outcome{}
	}}
	set := &extend.Set{Commands: []extend.Command{{Name: "review", Body: "Review $ARGUMENTS carefully.", Model: "small"}}}
	co, _, sid := hooked(t, model, h, set, agenttest.NewTools().Add("glob", true, agenttest.Echo), nil)
	defer co.Close()
	if _, err := co.Run(t.Context(), sid, "/review main.go", nil); err != nil {
		t.Fatal(err)
	}
	req := model.Requests()[0]
	user := req.Messages[len(req.Messages)-1]
	var texts []string
	for _, p := range user.Parts {
		texts = append(texts, p.Text)
	}
	if len(texts) != 3 || texts[0] != "/review main.go" || texts[1] != "Review main.go carefully." || !strings.Contains(texts[2], "branch: main") {
		t.Errorf("user parts = %q", texts)
	}

	blocked := &fakeHooks{answer: func(hooks.Input) hooks.Outcome { return hooks.Outcome{Block: true, Reason: "no"} }}
	co2, msgs, sid2 := hooked(t, fake.New(), blocked, nil, agenttest.NewTools(), nil)
	defer co2.Close()
	_, err := co2.Run(t.Context(), sid2, "hi", nil)
	if _, ok := err.(*agent.PromptBlockedError); !ok || len(msgs.Conversation(sid2)) != 0 {
		t.Errorf("blocked prompt: %v, stored %v", err, msgs.Conversation(sid2))
	}
}

func TestNamedSubAgentUsesItsToolsPromptAndStopHook(t *testing.T) {
	t.Parallel()
	model := fake.New(
		fake.Turn{fake.ToolCall("reviewer", map[string]any{"prompt": "check"})},
		fake.Turn{fake.Text("looks fine")},
		fake.Turn{fake.Text("the reviewer says it looks fine")})
	h := &fakeHooks{}
	own := agenttest.NewTools().Add("grep", true, agenttest.Echo)
	var co *agent.Coordinator
	ts := agenttest.NewTools().Add("reviewer", true, func(ctx context.Context, call tools.Call) tools.Result {
		text, err := co.RunNamedSubAgent(ctx, tools.CallFrom(ctx).SessionID, call.ID, "reviewer", "check")
		if err != nil {
			return tools.ErrorResult(err.Error())
		}
		return tools.Result{Content: text}
	})
	co, _, sid := hooked(t, model, h, nil, ts, map[string]agent.SubAgent{"reviewer": {Prompt: "You review.", Tools: own, Model: "haiku"}})
	defer co.Close()
	res, err := co.Run(t.Context(), sid, "review", nil)
	if err != nil || res.Text != "the reviewer says it looks fine" {
		t.Fatalf("run = %+v, %v", res, err)
	}
	child := model.Requests()[1]
	if child.System[0] != "You review." || len(child.Tools) != 1 || child.Tools[0].Name != "grep" {
		t.Errorf("child request: system %q, tools %v", child.System[0], child.Tools)
	}
	found := false
	for _, in := range h.inputs {
		found = found || (in.Event == hooks.SubagentStop && in.AgentType == "reviewer")
	}
	if !found {
		t.Errorf("no SubagentStop for reviewer: %v", h.events())
	}
	if _, err := co.RunNamedSubAgent(t.Context(), sid, "c", "nobody", "x"); err == nil {
		t.Error("an unknown sub-agent ran")
	}
}

func TestSystemPromptFileReplacesAndAppends(t *testing.T) {
	t.Parallel()
	model := fake.New(fake.Turn{fake.Text("ok")})
	set := &extend.Set{Skills: []extend.Skill{{Name: "pdf", Description: "Fill PDF forms.\nUse for PDFs."}}}
	h := newHarness(t, model, func(c *agent.Config) {
		c.SystemPrompt, c.AppendSystemPrompt, c.Extensions = "You are Hone at ACME.", "Answer in French.", set
	})
	h.tools.Add("skill", true, agenttest.Echo)
	h.run("hi")
	sys := model.Requests()[0].System
	if sys[0] != "You are Hone at ACME.\n\nAnswer in French." {
		t.Errorf("role = %q", sys[0])
	}
	if !strings.Contains(sys[1], "# Skills") || !strings.Contains(sys[1], "- pdf: Fill PDF forms. Use for PDFs.") {
		t.Errorf("environment lacks the skills:\n%s", sys[1])
	}
}
