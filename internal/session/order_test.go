package session_test

import (
	"sync"
	"testing"

	"github.com/honecode/hone/internal/llm"
)

// Concurrent updates are published in the order they were written: each
// adds one input token, so a subscriber must see the counter only grow.
func TestUpdatesArePublishedInOrder(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t)
	s, err := svc.Create(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	events := svc.Subscribe(t.Context())
	const writers, each = 4, 25
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			for range each {
				if err := svc.AddUsage(t.Context(), s.ID, llm.Usage{Input: 1}, 0, 0); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	var last int64
	for range writers * each {
		ev := <-events
		if ev.Payload.InputTokens <= last {
			t.Fatalf("published %d after %d: an older row arrived after a newer one", ev.Payload.InputTokens, last)
		}
		last = ev.Payload.InputTokens
	}
	if last != writers*each {
		t.Fatalf("last published count = %d, want %d", last, writers*each)
	}
}
