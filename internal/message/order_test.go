package message

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/honecode/hone/internal/llm"
)

// TestNoLateWriteOverwritesTerminal streams many messages at once with a
// 1 ms debounce, so timer flushes race the terminal writes; every message
// must end with its terminal value in the database.
func TestNoLateWriteOverwritesTerminal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, sqldb := newTestService(t, time.Millisecond)
	const streams, steps = 8, 50
	var wg sync.WaitGroup
	ids := make([]string, streams)
	errs := make(chan error, streams)
	for i := range streams {
		m, err := s.Create(ctx, Message{SessionID: "s1", Role: llm.RoleAssistant, Status: StatusStreaming})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = m.ID
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range steps {
				m.Parts = []llm.Part{llm.Text(fmt.Sprint("partial ", j))}
				if err := s.Update(ctx, m); err != nil {
					errs <- err
					return
				}
			}
			m.Parts = []llm.Part{llm.Text("final")}
			m.Status = StatusDone
			errs <- s.Update(ctx, m)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(20 * time.Millisecond) // let any armed timer fire
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if text, status := storedText(t, sqldb, id); text != "final" || status != StatusDone {
			t.Errorf("message %s ended as %q (%s), want the terminal value", id, text, status)
		}
	}
}
