package agent_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/llm/fake"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/pubsub"
	"github.com/honecode/hone/internal/tools"
)

// harness is a Coordinator over in-memory stores, a fake model and test
// tools, with one session ready.
type harness struct {
	t     *testing.T
	msgs  *agenttest.Messages
	sess  *agenttest.Sessions
	tools *agenttest.Tools
	sub   *agenttest.Tools // the sub-agent's read-only tools
	model *fake.Model
	co    *agent.Coordinator
	sid   string
	clock *clock
	cfg   agent.Config
}

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func candidate(name string, client llm.Provider) agent.Candidate {
	return agent.Candidate{Provider: name, Model: "m", Client: client,
		Spec: agent.ModelSpec{ContextWindow: 100_000, MaxOutputTokens: 1000, Images: true}}
}

// newHarness builds a harness; edit adjusts the config before the
// Coordinator is made (Large defaults to one candidate "a/m" on model).
func newHarness(t *testing.T, model *fake.Model, edit ...func(*agent.Config)) *harness {
	t.Helper()
	h := &harness{
		t:     t,
		msgs:  agenttest.NewMessages(),
		sess:  agenttest.NewSessions(),
		tools: agenttest.NewTools(),
		sub:   agenttest.NewTools().Add("glob", true, agenttest.Echo),
		model: model,
		clock: &clock{now: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)},
	}
	h.tools.Add("glob", true, agenttest.Echo).Add("view", true, agenttest.Echo).Add("edit", false, agenttest.Echo)
	h.cfg = agent.Config{
		Large:          []agent.Candidate{candidate("a", model)},
		WorkDir:        t.TempDir(),
		Now:            h.clock.Now,
		UpdateInterval: -1,
		DisableTitles:  true,
		DisableGit:     true,
	}
	for _, e := range edit {
		e(&h.cfg)
	}
	h.co = agent.NewCoordinator(h.cfg, agent.Deps{Messages: h.msgs, Sessions: h.sess, Tools: h.tools,
		Children: h.sess, SubAgentTools: h.sub})
	t.Cleanup(func() { h.co.Close() })
	s, err := h.sess.Create(t.Context(), h.cfg.WorkDir)
	if err != nil {
		t.Fatal(err)
	}
	h.sid = s.ID
	return h
}

// run runs prompt on the harness session and fails on a start error.
func (h *harness) run(prompt string, opts ...agent.RunOptions) *agent.Result {
	h.t.Helper()
	var o agent.RunOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	res, err := h.co.RunWith(h.t.Context(), h.sid, prompt, nil, o)
	if err != nil {
		h.t.Fatalf("run: %v", err)
	}
	return res
}

// runAsync starts a run and returns a channel with its result.
func (h *harness) runAsync(prompt string) <-chan *agent.Result {
	ch := make(chan *agent.Result, 1)
	go func() {
		res, err := h.co.Run(context.WithoutCancel(h.t.Context()), h.sid, prompt, nil)
		if err != nil {
			h.t.Errorf("run: %v", err)
		}
		ch <- res
	}()
	return ch
}

func (h *harness) conversation() []llm.Message { return h.msgs.Conversation(h.sid) }

func (h *harness) stored() []message.Message {
	h.t.Helper()
	msgs, err := h.msgs.List(h.t.Context(), h.sid)
	if err != nil {
		h.t.Fatal(err)
	}
	return msgs
}

// events subscribes and returns a function that returns what arrived so
// far (after the subscription) once the next EventTurnFinished is seen or
// the timeout ends.
func (h *harness) events() func() []agent.Event {
	ctx, cancel := context.WithCancel(h.t.Context())
	ch := h.co.Subscribe(ctx)
	return func() []agent.Event {
		defer cancel()
		return collect(ch, agent.EventTurnFinished)
	}
}

func collect(ch <-chan pubsub.Event[agent.Event], until agent.EventType) []agent.Event {
	var out []agent.Event
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				return out
			}
			out = append(out, ev.Payload)
			if ev.Payload.Type == until {
				return out
			}
		case <-timeout:
			return out
		}
	}
}

func ofType(evs []agent.Event, typ agent.EventType) []agent.Event {
	var out []agent.Event
	for _, e := range evs {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// wait receives from ch or fails after a generous timeout.
func wait[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		var zero T
		return zero
	}
}

// roles lists the roles of msgs, for compact comparisons.
func roles(msgs []llm.Message) []llm.Role {
	out := make([]llm.Role, len(msgs))
	for i, m := range msgs {
		out[i] = m.Role
	}
	return out
}

// checkValid fails when msgs is not a sendable conversation: every tool
// call answered by the next message, in order, and no stray results.
func checkValid(t *testing.T, msgs []llm.Message) {
	t.Helper()
	for i, m := range msgs {
		switch m.Role {
		case llm.RoleAssistant:
			calls := m.ToolCalls()
			if len(calls) == 0 {
				continue
			}
			if i+1 >= len(msgs) || msgs[i+1].Role != llm.RoleTool {
				t.Fatalf("message %d: %d tool calls without a tool message after them", i, len(calls))
			}
			var ids []string
			for _, p := range msgs[i+1].Parts {
				if p.Type == llm.PartToolResult {
					ids = append(ids, p.ToolCallID)
				}
			}
			if len(ids) != len(calls) {
				t.Fatalf("message %d: %d calls, %d results", i, len(calls), len(ids))
			}
			for j, c := range calls {
				if ids[j] != c.ToolCallID {
					t.Fatalf("message %d: result %d answers %s, want %s", i, j, ids[j], c.ToolCallID)
				}
			}
		case llm.RoleTool:
			if i == 0 || msgs[i-1].Role != llm.RoleAssistant || len(msgs[i-1].ToolCalls()) == 0 {
				t.Fatalf("message %d: tool results without calls before them", i)
			}
		}
	}
}

func results(m llm.Message) []llm.Part {
	var out []llm.Part
	for _, p := range m.Parts {
		if p.Type == llm.PartToolResult {
			out = append(out, p)
		}
	}
	return out
}

// blockingTool returns a tool that signals started and waits for release
// or cancellation.
func blockingTool(started chan<- string, release <-chan struct{}) agenttest.ToolFunc {
	return func(ctx context.Context, call tools.Call) tools.Result {
		started <- call.ID
		select {
		case <-release:
			return tools.Result{Content: "done " + call.ID}
		case <-ctx.Done():
			return tools.ErrorResult("cancelled while running")
		}
	}
}
