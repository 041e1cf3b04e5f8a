package agent_test

import (
	"context"
	"iter"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/agent"
	"github.com/honecode/hone/internal/agent/agenttest"
	"github.com/honecode/hone/internal/llm"
)

// runaway streams total bytes of text in 4 KiB deltas (one shared string,
// so the model itself allocates nothing) and samples the live heap every
// 64 deltas into peak.
func runaway(total int, peak *uint64) llm.Provider {
	delta := strings.Repeat("all work and no play ", 4096/21+1)[:4096]
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	return llm.ProviderFunc(func(context.Context, *llm.Request) iter.Seq2[llm.Event, error] {
		return func(yield func(llm.Event, error) bool) {
			for sent := 0; sent < total; sent += len(delta) {
				if !yield(llm.Event{Type: llm.EventTextDelta, Text: delta}, nil) {
					return
				}
				if (sent/len(delta))%64 == 0 {
					metrics.Read(sample)
					*peak = max(*peak, sample[0].Value.Uint64())
				}
			}
			yield(llm.Event{Type: llm.EventFinish, Reason: llm.FinishStop}, nil)
		}
	})
}

// BenchmarkRunawayAnswer100MB: a model that streams 100 MB of text, with
// the default 4 MiB output limit and a snapshot stored and published on
// every delta (the worst case). peak-heap-MiB is the live heap at its
// highest above the heap before the turn; B/op what the turn allocated.
// Both stay a small multiple of the limit: accumulation copies nothing
// per delta, and the stream is abandoned at the limit.
func BenchmarkRunawayAnswer100MB(b *testing.B) {
	const total = 100 << 20
	var peak uint64
	sess := agenttest.NewSessions()
	co := agent.NewCoordinator(agent.Config{
		Large:          []agent.Candidate{{Provider: "bench", Model: "m", Client: runaway(total, &peak), Spec: agent.ModelSpec{ContextWindow: 1 << 30}}},
		WorkDir:        b.TempDir(),
		DisableTitles:  true,
		DisableGit:     true,
		UpdateInterval: -1,
	}, agent.Deps{Messages: agenttest.NewMessages(), Sessions: sess, Tools: agenttest.NewTools()})
	b.Cleanup(func() { co.Close() })
	b.ReportAllocs()
	var worst uint64
	for b.Loop() {
		s, _ := sess.Create(b.Context(), "/bench")
		runtime.GC()
		base := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(base)
		peak = 0
		res, err := co.Run(b.Context(), s.ID, "write forever", nil)
		if err != nil || res.Reason != agent.ExitOutputTooLarge {
			b.Fatalf("run: %+v %v", res, err)
		}
		if peak > base[0].Value.Uint64() {
			worst = max(worst, peak-base[0].Value.Uint64())
		}
	}
	b.ReportMetric(float64(worst)/(1<<20), "peak-heap-MiB")
}
