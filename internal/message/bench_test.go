package message

import (
	"context"
	"strings"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// BenchmarkStreamingUpdates applies 10,000 streaming updates of a growing
// message (as token deltas arrive) and a final terminal update, reporting
// how many database writes they cost.
func BenchmarkStreamingUpdates(b *testing.B) {
	ctx := context.Background()
	s, _ := newTestService(b, DefaultDebounce)
	var writes int64
	for b.Loop() {
		m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
		if err != nil {
			b.Fatal(err)
		}
		before := s.writes.Load()
		var text strings.Builder
		for range 10_000 {
			text.WriteString("tok ")
			m.Parts = []llm.Part{llm.Text(text.String())}
			if err := s.Update(ctx, m); err != nil {
				b.Fatal(err)
			}
		}
		m.Status = StatusDone
		if err := s.Update(ctx, m); err != nil {
			b.Fatal(err)
		}
		writes += s.writes.Load() - before
	}
	b.ReportMetric(float64(writes)/float64(b.N), "writes/op")
}

// BenchmarkCreateToolResult stores a finished tool message with a 3 KB
// result, as the agent does after every tool call (with its outline,
// in one transaction).
func BenchmarkCreateToolResult(b *testing.B) {
	ctx := context.Background()
	s, _ := newTestService(b, DefaultDebounce)
	out := strings.Repeat("ok  \tgithub.com/example/pkg\t0.012s\n", 90)
	for b.Loop() {
		_, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleTool,
			Parts: []llm.Part{llm.ToolResult("call_1", "bash", out, false)}})
		if err != nil {
			b.Fatal(err)
		}
	}
}
