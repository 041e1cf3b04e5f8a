package agent_test

import (
	"context"
	"iter"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/db"
	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tools"
)

// sqliteBenchSteps is the number of tool steps of each benchmark turn.
const sqliteBenchSteps = 10

// stepModel calls glob until the request carries sqliteBenchSteps tool
// results, then answers; onRequest runs first on every request.
func stepModel(onRequest func()) llm.Provider {
	return llm.ProviderFunc(func(ctx context.Context, req *llm.Request) iter.Seq2[llm.Event, error] {
		onRequest()
		results := 0
		for _, m := range req.Messages {
			if m.Role == llm.RoleTool {
				results++
			}
		}
		if results >= sqliteBenchSteps {
			return toolLoopModel(0, func() {}).Stream(ctx, req)
		}
		id := "c" + strconv.Itoa(results+1)
		p := llm.ToolCallPart(id, "glob", `{"pattern":"*.go","i":`+strconv.Itoa(results)+`}`)
		return func(yield func(llm.Event, error) bool) {
			_ = yield(llm.Event{Type: llm.EventTextDelta, Text: "Looking."}, nil) &&
				yield(llm.Event{Type: llm.EventToolCallStart, ToolCallID: id, ToolName: "glob"}, nil) &&
				yield(llm.Event{Type: llm.EventToolCallEnd, ToolCallID: id, Part: &p}, nil) &&
				yield(llm.Event{Type: llm.EventUsage, Usage: llm.Usage{Input: 1000, Output: 20}}, nil) &&
				yield(llm.Event{Type: llm.EventFinish, Reason: llm.FinishToolUse}, nil)
		}
	})
}

// BenchmarkToolResultToRequestSQLite is BenchmarkToolResultToRequest over
// the SQLite-backed message and session services the app wires in, so
// ns/hop (a tool returning → the next model request) includes persisting
// the assistant step, the tool result and the usage. Each op is a turn of
// sqliteBenchSteps tool steps in a new session, as history grows in a
// real turn.
func BenchmarkToolResultToRequestSQLite(b *testing.B) {
	sqlDB, err := db.Open(b.Context(), filepath.Join(b.TempDir(), "hone.db"))
	if err != nil {
		b.Fatal(err)
	}
	msgs, sess := message.NewService(sqlDB, message.Options{}), session.NewService(sqlDB)
	b.Cleanup(func() { msgs.Close(); sess.Close(); sqlDB.Close() })

	var toolDone atomic.Int64
	var total time.Duration
	hops := 0
	model := stepModel(func() {
		if t0 := toolDone.Swap(0); t0 != 0 {
			total += time.Since(time.Unix(0, t0))
			hops++
		}
	})
	ts := agenttest.NewTools().Add("glob", true, func(context.Context, tools.Call) tools.Result {
		r := tools.Result{Content: "a.go\nb.go\n", Display: tools.Display{Kind: tools.DisplayList, Body: "a.go\nb.go"}}
		toolDone.Store(time.Now().UnixNano())
		return r
	})
	dir := b.TempDir()
	co := agent.NewCoordinator(agent.Config{
		Large:         []agent.Candidate{{Provider: "bench", Model: "m", Client: model, Spec: agent.ModelSpec{ContextWindow: 1 << 30}}},
		WorkDir:       dir,
		DisableTitles: true,
		DisableGit:    true,
	}, agent.Deps{Messages: msgs, Sessions: sess, Tools: ts})
	b.Cleanup(func() { co.Close() })
	b.ReportAllocs()
	for b.Loop() {
		s, err := sess.Create(b.Context(), dir)
		if err != nil {
			b.Fatal(err)
		}
		res, err := co.Run(b.Context(), s.ID, "go", nil)
		if err != nil || res.Reason != agent.ExitDone || res.Steps != sqliteBenchSteps+1 {
			b.Fatalf("run: %+v %v", res, err)
		}
	}
	if hops > 0 {
		b.ReportMetric(float64(total.Nanoseconds())/float64(hops), "ns/hop")
	}
}
