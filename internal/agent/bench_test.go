package agent_test

import (
	"context"
	"iter"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/tools"
)

// toolLoopModel calls glob (with a new argument each time) until it has
// made calls tool calls, then answers with text. It records nothing, so a
// long benchmark measures the agent, not the model.
func toolLoopModel(calls int, onRequest func()) llm.Provider {
	n := 0
	return llm.ProviderFunc(func(_ context.Context, _ *llm.Request) iter.Seq2[llm.Event, error] {
		onRequest()
		n++
		i := n
		return func(yield func(llm.Event, error) bool) {
			if i > calls {
				_ = yield(llm.Event{Type: llm.EventTextDelta, Text: "done"}, nil) &&
					yield(llm.Event{Type: llm.EventFinish, Reason: llm.FinishStop}, nil)
				return
			}
			id := "c" + strconv.Itoa(i)
			p := llm.ToolCallPart(id, "glob", `{"pattern":"*.go","i":`+strconv.Itoa(i)+`}`)
			_ = yield(llm.Event{Type: llm.EventTextDelta, Text: "Looking."}, nil) &&
				yield(llm.Event{Type: llm.EventToolCallStart, ToolCallID: id, ToolName: "glob"}, nil) &&
				yield(llm.Event{Type: llm.EventToolCallDelta, ToolCallID: id, Text: p.Input}, nil) &&
				yield(llm.Event{Type: llm.EventToolCallEnd, ToolCallID: id, Part: &p}, nil) &&
				yield(llm.Event{Type: llm.EventUsage, Usage: llm.Usage{Input: 1000, Output: 20}}, nil) &&
				yield(llm.Event{Type: llm.EventFinish, Reason: llm.FinishToolUse}, nil)
		}
	})
}

func benchCoordinator(b *testing.B, model llm.Provider, toolDone *atomic.Int64) (*agent.Coordinator, *agenttest.Sessions) {
	sess := agenttest.NewSessions()
	ts := agenttest.NewTools().Add("glob", true, func(context.Context, tools.Call) tools.Result {
		r := tools.Result{Content: "a.go\nb.go\n", Display: tools.Display{Kind: tools.DisplayList, Body: "a.go\nb.go"}}
		toolDone.Store(time.Now().UnixNano())
		return r
	})
	cfg := agent.Config{
		Large:         []agent.Candidate{{Provider: "bench", Model: "m", Client: model, Spec: agent.ModelSpec{ContextWindow: 1 << 30}}},
		WorkDir:       b.TempDir(),
		DisableTitles: true,
		DisableGit:    true,
		MaxSteps:      1 << 30,
	}
	co := agent.NewCoordinator(cfg, agent.Deps{Messages: agenttest.NewMessages(), Sessions: sess, Tools: ts})
	b.Cleanup(func() { co.Close() })
	return co, sess
}

// BenchmarkToolResultToRequest measures the loop's hot path: from a tool
// returning its result to the next model request (storing the results,
// events, loop guard, limits, building the request). ns/hop is that
// latency; ns/op is a whole step.
func BenchmarkToolResultToRequest(b *testing.B) {
	var toolDone atomic.Int64
	var total time.Duration
	hops := 0
	model := toolLoopModel(b.N, func() {
		if t0 := toolDone.Swap(0); t0 != 0 {
			total += time.Since(time.Unix(0, t0))
			hops++
		}
	})
	co, sess := benchCoordinator(b, model, &toolDone)
	s, _ := sess.Create(b.Context(), "/bench")
	b.ReportAllocs()
	b.ResetTimer()
	res, err := co.Run(b.Context(), s.ID, "go", nil)
	b.StopTimer()
	if err != nil || res.Reason != agent.ExitDone {
		b.Fatalf("run: %+v %v", res, err)
	}
	if hops > 0 {
		b.ReportMetric(float64(total.Nanoseconds())/float64(hops), "ns/hop")
	}
}

// BenchmarkOneToolTurn runs whole turns (prompt, one tool call, answer)
// on fresh sessions and reports their allocations.
func BenchmarkOneToolTurn(b *testing.B) {
	var toolDone atomic.Int64
	var calls atomic.Int64
	model := llm.ProviderFunc(func(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
		last := req.Messages[len(req.Messages)-1]
		if last.Role == llm.RoleTool {
			return toolLoopModel(0, func() {}).Stream(ctx, req)
		}
		calls.Add(1)
		return toolLoopModel(1, func() {}).Stream(ctx, req)
	})
	co, sess := benchCoordinator(b, model, &toolDone)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s, _ := sess.Create(b.Context(), "/bench")
		res, err := co.Run(b.Context(), s.ID, "list the go files", nil)
		if err != nil || res.Reason != agent.ExitDone || res.Steps != 2 {
			b.Fatalf("run: %+v %v", res, err)
		}
	}
}
