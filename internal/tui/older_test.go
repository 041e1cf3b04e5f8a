package tui_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
	"github.com/honecode/hone/internal/message"
	"github.com/honecode/hone/internal/session"
	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

// pagedFake counts the pages the TUI reads.
type pagedFake struct {
	*tuitest.Fake
	mu            sync.Mutex
	tails, before []int // page sizes asked for
	returned      int   // messages handed out
}

func (p *pagedFake) MessagesTail(ctx context.Context, id string, n int) ([]message.Message, bool, error) {
	msgs, more, err := p.Fake.MessagesTail(ctx, id, n)
	p.mu.Lock()
	p.tails, p.returned = append(p.tails, n), p.returned+len(msgs)
	p.mu.Unlock()
	return msgs, more, err
}

func (p *pagedFake) MessagesBefore(ctx context.Context, id, before string, n int) ([]message.Message, bool, error) {
	msgs, more, err := p.Fake.MessagesBefore(ctx, id, before, n)
	p.mu.Lock()
	p.before, p.returned = append(p.before, n), p.returned+len(msgs)
	p.mu.Unlock()
	return msgs, more, err
}

func (p *pagedFake) counts() (tails, before, returned int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.tails), len(p.before), p.returned
}

// longSession is n messages: prompts and answers, and every fifth
// exchange a glob call whose result is the next message, so that page
// boundaries fall between a call and its result.
func longSession(sid string, n int) []message.Message {
	out := make([]message.Message, 0, n)
	for i := 0; len(out) < n; i++ {
		id := func() string { return fmt.Sprintf("%s-%04d", sid, len(out)) }
		out = append(out, message.Message{ID: id(), SessionID: sid, Role: llm.RoleUser, Parts: []llm.Part{llm.Text(fmt.Sprintf("prompt %03d", i))}})
		if i%5 == 0 {
			call := fmt.Sprintf("call-%d", i)
			out = append(out, message.Message{ID: id(), SessionID: sid, Role: llm.RoleAssistant, Status: message.StatusDone,
				Parts: []llm.Part{llm.ToolCallPart(call, "glob", fmt.Sprintf(`{"pattern":"p%03d/*.go"}`, i))}})
			out = append(out, message.Message{ID: id(), SessionID: sid, Role: llm.RoleTool, Status: message.StatusDone,
				Parts: []llm.Part{llm.ToolResult(call, "glob", fmt.Sprintf("found%03d.go", i), false)}})
		}
		out = append(out, message.Message{ID: id(), SessionID: sid, Role: llm.RoleAssistant, Status: message.StatusDone,
			Parts: []llm.Part{llm.Text(fmt.Sprintf("answer %03d", i))}})
	}
	return out[:n]
}

// A long session opens with its newest page; scrolling up reads older
// pages one at a time until the first message is on screen.
func TestScrollingUpPagesInOlderMessages(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake()
	msgs := longSession("long", 450)
	fake.AddSession(session.Session{ID: "long", Title: "long", UpdatedAt: 1}, msgs...)
	pf := &pagedFake{Fake: fake}
	ctx, cancel := context.WithCancel(context.Background())
	d := tuitest.NewDriver(tui.NewModel(ctx, pf, tui.Options{Continue: true, Getenv: func(string) string { return "" }}), 100, 30)
	go tui.Bridge(ctx, fake, d.Send)
	t.Cleanup(func() { cancel(); d.Close() })

	last := msgs[len(msgs)-1].LLM().Text()
	d.WaitFor(t, last)
	if tails, before, returned := pf.counts(); tails != 1 || before != 0 || returned >= len(msgs) {
		t.Fatalf("opened with %d tail reads, %d older reads, %d of %d messages", tails, before, returned, len(msgs))
	}
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(d.Screen(), "prompt 000") {
		if time.Now().After(deadline) {
			t.Fatalf("never reached the first message; screen:\n%s", d.Screen())
		}
		d.Press("pgup")
	}
	tails, before, returned := pf.counts()
	if tails != 1 || before != 2 || returned != len(msgs) {
		t.Errorf("%d tail reads, %d older reads, %d messages read: want 1, 2 and %d", tails, before, returned, len(msgs))
	}
	if !strings.Contains(d.Screen(), "✓ glob p000/*.go") {
		t.Errorf("first call shown without its result:\n%s", d.Screen())
	}
	// The call of exchange 20 came with the oldest page, its result (the
	// next message) with the page after: the two still meet.
	for !strings.Contains(d.Screen(), "glob p020/*.go") {
		if time.Now().After(deadline) {
			t.Fatalf("never reached exchange 20; screen:\n%s", d.Screen())
		}
		d.Press("pgdown")
	}
	if !strings.Contains(d.Screen(), "✓ glob p020/*.go") {
		t.Errorf("a call read in an older page than its result is shown without it:\n%s", d.Screen())
	}
}
