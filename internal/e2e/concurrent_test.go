package e2e

import (
	"sync"
	"testing"
	"time"
)

func TestTwoRunsShareOneDataDir(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.writeProjectFile("shared.txt", "x\n")
	// The first request of each process is held until both have arrived,
	// so the two turns overlap: both write and stream into one database
	// at the same time.
	var once sync.Once
	both := make(chan struct{})
	var mu sync.Mutex
	firsts := 0
	srv := newChatServer(t, func(_ int, req *chatRequest) reply {
		msgs := req.Body.Messages
		if msgs[len(msgs)-1].Role == "tool" {
			return reply{text: "Both processes wrote at the same time.", chunk: 4, delay: 5 * time.Millisecond}
		}
		mu.Lock()
		firsts++
		if firsts == 2 {
			once.Do(func() { close(both) })
		}
		mu.Unlock()
		select {
		case <-both:
		case <-time.After(20 * time.Second):
			t.Errorf("the second process never sent its first request")
		}
		return reply{calls: []call{{id: "call_ls", name: "ls", args: `{"path":"."}`}}}
	})
	e.useServer(srv.URL())
	a := e.start(nil, "run", "first")
	b := e.start(nil, "run", "second")
	for _, r := range []result{a.wait(), b.wait()} {
		if r.code != 0 {
			t.Fatalf("want both to exit 0, got %s", r)
		}
		mustContain(t, "stdout", r.stdout, "Both processes wrote at the same time.")
	}
	ids := e.sessionIDs()
	if len(ids) != 2 {
		t.Fatalf("want 2 sessions, got %v", ids)
	}
	for _, id := range ids {
		doc := e.showSession(id)
		if got := doc.assistantText(); got != "Both processes wrote at the same time." {
			t.Errorf("session %s saved %q", id, got)
		}
		if len(doc.parts("tool_result")) != 1 {
			t.Errorf("session %s: want 1 tool result, got %q", id, doc.parts("tool_result"))
		}
	}
}
